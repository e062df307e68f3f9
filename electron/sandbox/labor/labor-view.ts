// The wire shape of one labor entry, and the fiscal day the sandbox files it under: the
// location's local date with the day starting at 04:00 (a break belongs to its shift's day).
import { fiscalDayOf } from '../../../shared/labor-calc';
import type { SandboxWorld } from '../world';
import type { LaborEntryRecord } from './labor-book';
import { msToWallTime } from '../../../shared/time';
import { roleCode } from './labor-fields';
import { centsOut } from '../tabs/money-reading';

export const FISCAL_DAY_START_HOUR = 4;

export function entryFiscalDay(world: SandboxWorld, e: LaborEntryRecord): string {
  const shift = e.shiftUuid ? world.labor.get(e.locationUuid, e.shiftUuid) : null;
  const timezone = world.locations.get(e.locationUuid)?.timezone ?? 'UTC';
  return fiscalDayOf((shift ?? e).punchInMs, timezone, FISCAL_DAY_START_HOUR);
}

/** time_shift_id as the readings spell it (see readings.ts: uuid, numeric, numeric-breaks-only). */
function shiftIdView(world: SandboxWorld, e: LaborEntryRecord): string | number | null | undefined {
  const kind = world.readings.shiftId;
  if (kind === 'uuid') return e.shiftUuid;
  if (e.shiftUuid === null) return kind === 'numeric' ? e.shiftNo : undefined;
  return world.labor.get(e.locationUuid, e.shiftUuid)?.shiftNo ?? null;
}

export function entryView(world: SandboxWorld, e: LaborEntryRecord) {
  const r = world.readings;
  const zone = world.locations.get(e.locationUuid)?.timezone ?? 'UTC';
  // 'local': the location's wall clock without an offset, as a service that never says its zone writes it.
  // 'utc-no-offset': UTC, but written without the Z, as a service that stores naive UTC times does.
  const when = (ms: number) =>
    r.timeForm === 'local'
      ? msToWallTime(ms, zone)
      : r.timeForm === 'utc-no-offset'
        ? new Date(ms).toISOString().slice(0, -1)
        : new Date(ms).toISOString();
  const role = world.roles.find((x) => x.uuid === e.roleUuid);
  const roleShown = r.roleForm === 'uuid' ? e.roleUuid : r.roleForm === 'code' && role ? roleCode(role) : e.role;
  return {
    time_entry_uuid: e.uuid,
    // numeric-breaks-only: a shift's number shows only as its row `id`, which its breaks point to.
    ...(r.shiftId === 'numeric-breaks-only' && e.shiftUuid === null ? { id: e.shiftNo } : {}),
    time_shift_id: shiftIdView(world, e),
    time_punch_type: r.punchTypeCase === 'upper' ? e.punchType.toUpperCase() : e.punchType,
    user_id: e.userId,
    user_role: roleShown,
    user_role_uuid: e.roleUuid,
    punch_in: when(e.punchInMs),
    punch_out: e.punchOutMs === null ? null : when(e.punchOutMs),
    declared_tips: e.declaredTips === null ? null : centsOut(world, 'numbers', e.declaredTips),
    is_open: e.punchOutMs === null,
    fiscal_day: entryFiscalDay(world, e),
    location_uuid: e.locationUuid,
    created: when(e.createdMs),
    updated: when(e.updatedMs),
  };
}
