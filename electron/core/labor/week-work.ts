// The closed shifts of the current workweek at the kiosk's location, so the board can say when a
// person on shift reaches weekly or 7th-day overtime. Read from the service after a board refresh
// (best effort: a failed read leaves the last one, and the board still knows the daily rules), and
// again when the week or the day turns, after a shift ends, or when it is older than `maxAgeMs`.
import type { LaborEntry } from '../../../shared/labor';
import { isPaidBreak } from '../../../shared/labor-calc';
import type { LiveRow } from './board';
import { listEntries, type LaborApiContext } from './labor-api';

const MINUTE = 60_000;

export interface WeekRead {
  locationUuid: string;
  weekStart: string;
  today: string;
  fetchedAt: number;
  entries: LaborEntry[];
}

/** Net paid minutes of each closed shift in `entries`, per person, leaving out `exceptUuid`s. */
export function priorWorkOf(
  entries: LaborEntry[],
  userId: string,
  exceptUuid: string | null,
): { day: string; minutes: number }[] {
  const shifts = entries.filter(
    (e) => e.kind === 'shift' && e.userId === userId && e.punchOut !== null && e.uuid !== exceptUuid,
  );
  return shifts
    .sort((a, b) => a.punchIn - b.punchIn)
    .map((s) => {
      const end = s.punchOut as number;
      const unpaid = entries
        .filter((b) => b.kind === 'break' && b.shiftUuid === s.uuid && b.punchOut !== null && !isPaidBreak(b.punchType))
        .reduce((n, b) => n + Math.max(0, Math.min(b.punchOut as number, end) - Math.max(b.punchIn, s.punchIn)), 0);
      return { day: s.fiscalDay, minutes: Math.max(0, end - s.punchIn - unpaid) / MINUTE };
    });
}

export class WeekWork {
  private read: WeekRead | null = null;
  private stale = false;

  /** A shift ended: read again at the next refresh. */
  invalidate(): void {
    this.stale = true;
  }

  needsRead(locationUuid: string, weekStart: string, today: string, now: number, maxAgeMs: number): boolean {
    const r = this.read;
    return (
      r === null ||
      r.locationUuid !== locationUuid ||
      r.weekStart !== weekStart ||
      r.today !== today ||
      this.stale ||
      now - r.fetchedAt >= maxAgeMs
    );
  }

  async refresh(ctx: LaborApiContext, weekStart: string, today: string, now: () => number): Promise<void> {
    const startedAt = now();
    // A shift that ends while this read is under way marks it stale again.
    this.stale = false;
    let entries: LaborEntry[];
    try {
      entries = await listEntries(ctx, {
        type: 'all',
        is_open: false,
        fiscal_day_start: weekStart,
        fiscal_day_end: today,
        limit: 1000,
      });
    } catch (error) {
      this.stale = true;
      throw error;
    }
    this.read = { locationUuid: ctx.locationUuid, weekStart, today, fetchedAt: startedAt, entries };
  }

  /** Fills each row's business day and its person's earlier shifts this week. */
  annotate(rows: LiveRow[], locationUuid: string, dayOf: (ms: number) => string): void {
    const r = this.read && this.read.locationUuid === locationUuid ? this.read : null;
    for (const row of rows) {
      row.day ??= dayOf(row.shiftStart);
      const current = 'uuid' in row.shiftRef ? row.shiftRef.uuid : null;
      row.priorWork = r ? priorWorkOf(r.entries, row.userId, current) : [];
    }
  }
}
