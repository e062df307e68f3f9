// The wire shape of one labor entry, and the fiscal day the sandbox files it under: the
// location's local date with the day starting at 04:00 (a break belongs to its shift's day).
import { fiscalDayOf } from '../../../shared/labor-calc';
import type { SandboxWorld } from '../world';
import type { LaborEntryRecord } from './labor-book';

export const FISCAL_DAY_START_HOUR = 4;

export function entryFiscalDay(world: SandboxWorld, e: LaborEntryRecord): string {
  const shift = e.shiftUuid ? world.labor.get(e.locationUuid, e.shiftUuid) : null;
  const timezone = world.locations.get(e.locationUuid)?.timezone ?? 'UTC';
  return fiscalDayOf((shift ?? e).punchInMs, timezone, FISCAL_DAY_START_HOUR);
}

export function entryView(world: SandboxWorld, e: LaborEntryRecord) {
  return {
    time_entry_uuid: e.uuid,
    time_shift_id: e.shiftUuid,
    time_punch_type: e.punchType,
    user_id: e.userId,
    user_role: e.role,
    user_role_uuid: e.roleUuid,
    punch_in: new Date(e.punchInMs).toISOString(),
    punch_out: e.punchOutMs === null ? null : new Date(e.punchOutMs).toISOString(),
    declared_tips: e.declaredTips,
    is_open: e.punchOutMs === null,
    fiscal_day: entryFiscalDay(world, e),
    location_uuid: e.locationUuid,
    created: new Date(e.createdMs).toISOString(),
    updated: new Date(e.updatedMs).toISOString(),
  };
}
