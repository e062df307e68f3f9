// POST /_sandbox/webhooks/trigger's input → an event to publish: the type's realistic defaults
// (default-data.ts) with the caller's fields laid over them, checked against the rules of 6.4/6.5
// so the sandbox never sends something the service would not.
import { z } from 'zod';
import { SEED_LOCATIONS } from '../seed';
import type { SandboxWorld } from '../world';
import { defaultEventParts } from './default-data';
import type { PublishInput } from './service';
import { dataProblems, targetProblems } from './target-rules';
import { WEBHOOK_EVENT_TYPES } from './types';

export const triggerSchema = z.strictObject({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** Default: Harbour Bar & Kitchen. */
  locationUuid: z.string().min(1).max(128).optional(),
  targetUuid: z.string().min(1).max(200).nullable().optional(),
  targetId: z.string().min(1).max(200).nullable().optional(),
  /** Shallow-merged over the defaults: a key given here replaces the default's whole value. */
  data: z.record(z.string(), z.unknown()).optional(),
  forge: z.boolean().optional(),
  /** QR_SCANNED: who scanned (throttle key); also read from data.customerId. */
  customerId: z.string().min(1).max(200).nullable().optional(),
  /** Only this integration receives it. GIFT_CARD_CREATED defaults to the demo integration. */
  onlyAccessId: z.string().min(1).max(200).optional(),
});

export type TriggerBody = z.output<typeof triggerSchema>;

export type TriggerBuild = { ok: true; input: PublishInput } | { ok: false; status: 400 | 404; problems: string[] };

export function buildTrigger(world: SandboxWorld, body: TriggerBody): TriggerBuild {
  const locationUuid = body.locationUuid ?? SEED_LOCATIONS.harbour;
  if (!world.locations.has(locationUuid))
    return { ok: false, status: 404, problems: [`No location '${locationUuid}'.`] };
  if (body.onlyAccessId !== undefined && !world.integrations.has(body.onlyAccessId)) {
    return { ok: false, status: 404, problems: [`No integration '${body.onlyAccessId}'.`] };
  }
  const problems = targetProblems(body.type, body.targetUuid, body.targetId);
  if (problems.length > 0) return { ok: false, status: 400, problems };

  const defaults = defaultEventParts(world, body.type, locationUuid, world.clock.nowMs());
  const given = body.data ?? {};
  const data: Record<string, unknown> = { ...defaults.data, ...given };
  let targetUuid = body.targetUuid !== undefined ? body.targetUuid : defaults.targetUuid;
  let targetId = body.targetId !== undefined ? body.targetId : defaults.targetId;
  // Keep the envelope and its data telling the same story when the caller only set one of them.
  if (body.type === 'GIFT_CARD_CREATED') {
    if (
      body.targetUuid === undefined &&
      (typeof given.processorAccountUuid === 'string' || given.processorAccountUuid === null)
    ) {
      targetUuid = given.processorAccountUuid;
    } else if (body.targetUuid !== undefined && !('processorAccountUuid' in given))
      data.processorAccountUuid = body.targetUuid;
    if (body.targetId === undefined && typeof given.itemId === 'string') targetId = given.itemId;
    else if (typeof body.targetId === 'string' && !('itemId' in given)) data.itemId = body.targetId;
  }
  if (body.type === 'OPTION_GROUP_UPDATED' && typeof body.targetUuid === 'string' && !('optionGroupUuid' in given)) {
    data.optionGroupUuid = body.targetUuid;
  }
  const dataIssues = dataProblems(body.type, data);
  if (dataIssues.length > 0) return { ok: false, status: 400, problems: dataIssues };

  return {
    ok: true,
    input: {
      type: body.type,
      locationUuid,
      targetUuid,
      targetId,
      data,
      forge: body.forge,
      customerId: body.customerId,
      onlyAccessId: body.onlyAccessId ?? (body.type === 'GIFT_CARD_CREATED' ? world.config.accessId : undefined),
    },
  };
}
