import { describe, expect, it } from 'vitest';
import { needsReview } from '../../shared/labor-review';
import type { TimesheetRow, TimesheetView } from '../../shared/labor';

const H = 3_600_000;
const at = (day: number, hour: number) => Date.UTC(2025, 2, day, hour + 5);

function shift(uuid: string, userId: string, name: string, day: number, from: number, to: number): TimesheetRow {
  return {
    uuid,
    kind: 'shift',
    shiftUuid: null,
    punchType: 'shift',
    userId,
    role: 'server',
    roleUuid: null,
    punchIn: at(day, from),
    punchOut: at(day, to),
    declaredTips: null,
    fiscalDay: `2025-03-0${day}`,
    created: null,
    name,
    audit: [],
  };
}

const sheet = (over: Partial<TimesheetView>): TimesheetView => ({
  query: { fromDay: '2025-03-03', toDay: '2025-03-04', sortBy: 'punch_in', sortDir: 'asc' },
  rows: [],
  totals: [],
  truncated: false,
  fetchedAt: 0,
  unsynced: [],
  reviewNotes: [],
  ...over,
});

describe('needs review', () => {
  const dayOf = (ms: number) => new Date(ms - 5 * H).toISOString().slice(0, 10);

  it('a 10 h California shift, edited: overtime 10 - 8 = 2 h, a missed meal and two missed rests', () => {
    const s = shift('s1', '2001', 'Sam Server', 3, 9, 19);
    s.audit = [
      {
        id: 'a1',
        entryUuid: 's1',
        at: 0,
        byUserId: '9',
        byName: 'Alex Manager',
        changes: [],
        reason: 'forgot to punch out',
      },
    ];
    const items = needsReview(sheet({ rows: [s] }), { overtime: 'california', breaks: 'california' }, at(5, 0), dayOf);
    expect(items.map((i) => [i.kind, i.reason, i.entryUuid])).toEqual([
      ['edited', 'Edited by Alex Manager: forgot to punch out', 's1'],
      ['overtime', '2.00 h overtime', 's1'],
      // 10 h > 5 h: one meal owed; rests: 10 h / 4 h = 2 whole, 2 h left is not over half of 4 h.
      ['breaks', 'missed-meal 1; missed-rest 1; missed-rest 2', 's1'],
    ]);
  });

  it('under the federal rules the same day has no overtime (40 h a week), and no break rules flag it', () => {
    const items = needsReview(
      sheet({ rows: [shift('s1', '2001', 'Sam Server', 3, 9, 19)] }),
      { overtime: 'us-federal', breaks: 'none' },
      at(5, 0),
      dayOf,
    );
    expect(items).toEqual([]);
  });

  it('auto-closed shifts, early breaks and punches not on the service yet, by day then name', () => {
    const items = needsReview(
      sheet({
        reviewNotes: [
          {
            id: 'n1',
            kind: 'auto-closed',
            userId: '2004',
            name: 'Jordan Bartender',
            at: at(4, 4),
            day: '2025-03-03',
            byName: null,
            detail: 'clocked out at 4:00 AM',
          },
          {
            id: 'n2',
            kind: 'break-override',
            userId: '2001',
            name: 'Sam Server',
            at: at(4, 15),
            day: '2025-03-04',
            byName: 'Alex Manager',
            detail: 'allowed by Alex Manager',
          },
        ],
        unsynced: [
          {
            id: 'p1',
            action: 'punch-in',
            userId: '2002',
            name: 'Avery Cook',
            capturedAt: at(3, 10),
            state: 'pending',
            message: null,
            problem: null,
            attempts: 0,
          },
        ],
      }),
      { overtime: 'us-federal', breaks: 'none' },
      at(5, 0),
      dayOf,
    );
    expect(items.map((i) => [i.day, i.name, i.kind])).toEqual([
      ['2025-03-03', 'Avery Cook', 'offline'],
      ['2025-03-03', 'Jordan Bartender', 'auto-closed'],
      ['2025-03-04', 'Sam Server', 'break-override'],
    ]);
  });
});
