// Tab passes: read one (limit, mode, spent), and place an order on it. After every order, accepted
// or not, spent is read again (spec 2.3 only counts orders the service accepted, so the screen
// shows the service's number, never one computed here).
import type { OrderLineInput, PassOrderOutcome, PassView } from '../../../shared/tabs';
import type { ServiceClient } from '../api/service-client';
import { classifyRefusal } from './service-refusal';
import { CENTS_CODEC, placePassItems, readPass, type MoneyCodec } from './tabs-api';
import { errorMessage } from '../../../shared/errors';
import type { ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';

export async function orderOnPass(
  api: ServiceClient,
  locationUuid: string,
  xPassId: string,
  lines: OrderLineInput[],
  now: () => number,
  money: MoneyCodec = CENTS_CODEC,
): Promise<PassOrderOutcome> {
  const reread = async (): Promise<{ pass: PassView | null; problem: string | null }> => {
    try {
      return { pass: await readPass(api, locationUuid, xPassId, now(), money), problem: null };
    } catch (error) {
      return { pass: null, problem: `Could not read the pass again: ${errorMessage(error)}` };
    }
  };
  try {
    const answer = await placePassItems(api, locationUuid, xPassId, lines, money);
    const after = await reread();
    return { ok: true, orderName: answer.orderName, total: answer.total, pass: after.pass, passProblem: after.problem };
  } catch (error) {
    const refusal = classifyRefusal(error);
    const after = await reread();
    return {
      ok: false,
      reason: refusal.kind,
      status: refusal.status,
      alert: refusal.text,
      title: refusal.title,
      pass: after.pass,
      problem: refusal.kind === 'spend-limit' ? spendLimit(error, after.pass, lines) : errorPayloadOf(error),
    };
  }
}

/** The spend-limit refusal with the amounts a person needs: the pass's as read again, and this order's. */
function spendLimit(error: unknown, pass: PassView | null, lines: OrderLineInput[]): ErrorPayload {
  const limit = pass?.limit.kind === 'limit' ? pass.limit : null;
  const priced = lines.every((l) => typeof l.price === 'number');
  return {
    kind: 'spend-limit',
    data: {
      limitCents: limit?.amount ?? null,
      spentCents: pass?.spent ?? null,
      orderCents: priced ? lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0) : null,
      mode: limit?.mode ?? null,
    },
    message: errorMessage(error),
  };
}
