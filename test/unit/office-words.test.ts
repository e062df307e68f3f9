// The office page's words: a venue's times on its own clock (UTC, said as such, until it has said
// its zone), whether the page is current, and a held punch in the venue's own words.
import { describe, expect, it } from 'vitest';
import type { OfficeVenue, ReviewRow } from '../../shared/group';

// A renderer file, loaded by path: the node project's type check does not take in the renderer's.
const OFFICE_WORDS = '../../renderer/src/office/office-words';
const { dayWords, lagWords, personWithRole, punchAction, punchStatus, punchWhy, venueTime } = (await import(
  OFFICE_WORDS
)) as {
  dayWords(venue: OfficeVenue): string;
  lagWords(lagMs: number | null): string;
  personWithRole(name: string, role: string | null): string;
  punchAction(action: string): string;
  punchStatus(status: ReviewRow['status']): string;
  punchWhy(row: ReviewRow): string;
  venueTime(ms: number, venue: OfficeVenue, now: number): string;
};

const NY: OfficeVenue = { venueId: 'n', venueName: 'North', timezone: 'America/New_York', dayStartHour: 4 };
const OLD: OfficeVenue = { venueId: 'o', venueName: 'Old', timezone: null, dayStartHour: null };
const NOW = Date.UTC(2026, 10, 28, 18, 0);

describe('office page words', () => {
  it("says a time on the venue's clock: today's as a time, another day's with its date", () => {
    expect(venueTime(Date.UTC(2026, 10, 28, 14, 5), NY, NOW)).toBe('9:05 AM');
    // 23:30 on Friday in New York is Saturday in UTC: the venue's clock says Friday.
    expect(venueTime(Date.UTC(2026, 10, 28, 4, 30), NY, NOW)).toBe('Nov 27, 11:30 PM');
    expect(venueTime(Date.UTC(2026, 10, 28, 4, 30), OLD, NOW)).toBe('4:30 AM UTC');
    expect(dayWords(NY)).toBe('New York time, from 4 AM');
    expect(dayWords(OLD)).toBe('UTC days: time zone not said yet');
  });

  it('says plainly whether the page is current', () => {
    expect(lagWords(394)).toBe('Up to date');
    expect(lagWords(42_000)).toBe('Behind by 42 s');
    expect(lagWords(125_000)).toBe('Behind by 2 min');
    expect(lagWords(3 * 3_600_000)).toBe('Behind by 3 h');
    expect(lagWords(null)).toBe('No news from the venues since the office started');
  });

  it("says roles and held punches as the venue's screens do", () => {
    expect(personWithRole('Jordan Bartender', 'bartender')).toBe('Jordan Bartender (Bartender)');
    expect(personWithRole('Sam', null)).toBe('Sam');
    const held: ReviewRow = {
      venueId: 'n',
      punchId: 'p',
      deviceId: '',
      deviceName: 'Bar tablet',
      userId: 'u',
      name: 'Sam',
      action: 'punch-in',
      capturedAt: NOW,
      status: 'held',
      reasons: ['back-dated', 'no-pin'],
      message: null,
      decidedBy: null,
      decidedAt: null,
    };
    expect([punchAction(held.action), punchStatus(held.status), punchWhy(held)]).toEqual([
      'Punch in',
      'Waiting for a manager',
      'Its time is far behind the hub’s clock; a name tap: no PIN was entered',
    ]);
  });
});
