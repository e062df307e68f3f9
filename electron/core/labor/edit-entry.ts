// A manager's edit of one entry: read it, PATCH only what changed, and describe the change for
// the audit trail. If the PATCH's outcome is unclear (timeout, reset, 5xx), the entry is read
// again: the edit counts (and is audited) only if the service shows it.
import { appError } from '../../../shared/app-error';
import type { AuditChange, EntryPatch, LaborEntry } from '../../../shared/labor';
import { isServiceError } from '../api/errors';
import { getEntry, patchEntry, tipsOnWire, type LaborApiContext } from './labor-api';
import { sameMoment } from './punch-sender';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface EditOutcome {
  before: LaborEntry;
  after: LaborEntry;
  changes: AuditChange[];
}

export function diffPatch(before: LaborEntry, patch: EntryPatch, roleName: (uuid: string) => string | null) {
  const body: Record<string, unknown> = {};
  const changes: AuditChange[] = [];
  if (patch.punchIn !== undefined && patch.punchIn !== before.punchIn) {
    body.punch_in = iso(patch.punchIn);
    changes.push({ field: 'punch_in', from: iso(before.punchIn), to: iso(patch.punchIn) });
  }
  if (patch.punchOut !== undefined && patch.punchOut !== before.punchOut) {
    body.punch_out = iso(patch.punchOut);
    changes.push({ field: 'punch_out', from: iso(before.punchOut), to: iso(patch.punchOut) });
  }
  if (patch.roleUuid !== undefined && patch.roleUuid !== before.roleUuid) {
    body.user_role_uuid = patch.roleUuid;
    changes.push({
      field: 'user_role_uuid',
      from: before.role ?? before.roleUuid,
      to: roleName(patch.roleUuid) ?? patch.roleUuid,
    });
  }
  if (patch.punchType !== undefined && patch.punchType !== before.punchType) {
    body.time_punch_type = patch.punchType;
    changes.push({ field: 'time_punch_type', from: before.punchType, to: patch.punchType });
  }
  if (patch.declaredTips !== undefined && patch.declaredTips !== before.declaredTips) {
    body.declared_tips = patch.declaredTips;
    changes.push({ field: 'declared_tips', from: before.declaredTips, to: patch.declaredTips });
  }
  return { body, changes };
}

/** Same moment as the service keeps it (it may cut times to the minute). */
function sameTime(stored: number | null, sent: unknown): boolean {
  if (sent === null) return stored === null;
  return stored !== null && typeof sent === 'string' && sameMoment(stored, Date.parse(sent));
}

function shows(entry: LaborEntry, body: Record<string, unknown>): boolean {
  return (
    (!('punch_in' in body) || sameTime(entry.punchIn, body.punch_in)) &&
    (!('punch_out' in body) || sameTime(entry.punchOut, body.punch_out)) &&
    (!('user_role_uuid' in body) || entry.roleUuid === body.user_role_uuid) &&
    (!('time_punch_type' in body) || entry.punchType.toLowerCase() === String(body.time_punch_type).toLowerCase()) &&
    (!('declared_tips' in body) || entry.declaredTips === body.declared_tips)
  );
}

export async function editEntry(
  ctx: LaborApiContext,
  uuid: string,
  patch: EntryPatch,
  roleName: (uuid: string) => string | null,
): Promise<EditOutcome> {
  const before = await getEntry(ctx, uuid);
  const { body, changes } = diffPatch(before, patch, roleName);
  if (changes.length === 0) throw appError('invalid', 'Nothing was changed', { field: null });
  // Tips other than none or zero go out in the unit of the "number" fields: not decided (the read
  // above may just have decided it), the edit waits rather than store them a hundred times over.
  if (typeof body.declared_tips === 'number' && body.declared_tips !== 0) ctx.money?.requireDecided?.();
  try {
    // Tips are kept in cents here; the wire takes them in the connection's open money unit.
    const wire =
      typeof body.declared_tips === 'number' ? { ...body, declared_tips: tipsOnWire(ctx, body.declared_tips) } : body;
    const answered = await patchEntry(ctx, uuid, wire);
    return { before, after: answered ?? (await getEntry(ctx, uuid)), changes };
  } catch (error) {
    const unclear = !isServiceError(error) || error.retryable || error.kind === 'bad-response';
    if (!unclear) throw error;
    const now = await getEntry(ctx, uuid).catch(() => null);
    if (now && shows(now, body)) return { before, after: now, changes };
    throw error;
  }
}
