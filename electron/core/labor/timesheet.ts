// The manager timesheet: entries of a fiscal-day range from the service, filtered and sorted
// (again locally, in case a service ignores a parameter), with per-person totals, the local audit
// trail of each entry and the punches of these people that have not reached the service yet.
import type { LaborEntry, OutboxItem, TimesheetQuery, TimesheetRow, TimesheetView } from '../../../shared/labor';
import { computeTotals } from '../../../shared/labor-calc';
import type { AuditLog } from './audit-log';
import { listAllEntries, type LaborApiContext } from './labor-api';

export const TIMESHEET_LIMIT = 1000;

function sortKey(e: LaborEntry, by: TimesheetQuery['sortBy']): number | null {
  if (by === 'punch_out') return e.punchOut;
  if (by === 'created') return e.created ?? e.punchIn;
  return e.punchIn;
}

export function sortEntries<T extends LaborEntry>(
  entries: T[],
  by: TimesheetQuery['sortBy'],
  dir: TimesheetQuery['sortDir'],
): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const ka = sortKey(a, by);
    const kb = sortKey(b, by);
    // Open entries have no punch_out yet: last either way, as the sandbox does.
    if (ka === null || kb === null) return ka === kb ? a.punchIn - b.punchIn : ka === null ? 1 : -1;
    return (ka - kb) * sign || a.uuid.localeCompare(b.uuid);
  });
}

export interface TimesheetDeps {
  ctx: LaborApiContext;
  audit: AuditLog;
  nameOf: (userId: string) => string;
  unsynced: OutboxItem[];
  now: number;
}

export async function loadTimesheet(query: TimesheetQuery, deps: TimesheetDeps): Promise<TimesheetView> {
  const { entries, complete } = await listAllEntries(deps.ctx, {
    type: 'all',
    fiscal_day_start: query.fromDay,
    fiscal_day_end: query.toDay,
    ...(query.role ? { user_role: query.role } : {}),
    ...(query.userId ? { user_id: query.userId } : {}),
    limit: TIMESHEET_LIMIT,
    sort_by: query.sortBy,
    sort_direction: query.sortDir,
  });
  const role = query.role?.toLowerCase();
  // The service's fiscal-day filter is trusted as it is: its day may be cut in another zone or at
  // another hour than ours, and re-filtering with our own boundary would drop real rows.
  const kept = entries.filter(
    (e) =>
      (!query.userId || e.userId === query.userId) &&
      (!role || e.role?.toLowerCase() === role || e.roleUuid?.toLowerCase() === role),
  );
  const rows: TimesheetRow[] = sortEntries(kept, query.sortBy, query.sortDir).map((e) => ({
    ...e,
    name: deps.nameOf(e.userId),
    audit: deps.audit.forEntry(e.uuid),
  }));
  return {
    query,
    rows,
    totals: computeTotals(kept, deps.nameOf, deps.now),
    truncated: !complete,
    fetchedAt: deps.now,
    unsynced: deps.unsynced.filter((i) => !query.userId || i.userId === query.userId),
  };
}
