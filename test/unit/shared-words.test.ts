// One way to word money, venue times and errors (issue 14 point 4, issue 11 "staff words"), and
// bug E: "Already on shift since …" is the venue's wall clock, not the host machine's.
import { describe, expect, it } from 'vitest';
import { formatMoney, parseDollars, parseMoney, centsToInput } from '../../shared/money';
import {
  clockTime,
  formatVenueTime,
  fromLocalInput,
  toLocalInput,
  zoneNote,
  zoneOffsetMinutes,
} from '../../shared/time';
import { errorMessage, plainWords, staffWords } from '../../shared/errors';
import { buildPunches } from '../../electron/core/labor/build-punches';
import type { LiveRow } from '../../electron/core/labor/board';

describe('money', () => {
  it('formats cents as dollars, and negative amounts with a sign', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(-300)).toBe('-$3.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(null)).toBe('—');
    expect(centsToInput(705)).toBe('7.05');
  });

  it('parses typed dollars and says what is wrong otherwise', () => {
    expect(parseDollars('12')).toEqual({ ok: true, cents: 1200 });
    expect(parseDollars('$1,012.5')).toEqual({ ok: true, cents: 101250 });
    expect(parseDollars('.25')).toEqual({ ok: true, cents: 25 });
    const problem = (t: string) => {
      const r = parseDollars(t);
      return r.ok ? null : r.problem;
    };
    expect(problem('')).toBe('empty');
    expect(problem('-5')).toBe('negative');
    expect(problem('0')).toBe('zero');
    expect(problem('0.00')).toBe('zero');
    expect(problem('abc')).toBe('not-a-number');
    expect(problem('5.5.5')).toBe('not-a-number');
    expect(problem('1.234')).toBe('too-precise');
    const capped = parseDollars('80', { maxCents: 7400 });
    expect(capped.ok ? null : capped.message).toBe('The most you can enter here is $74.00.');
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('x')).toBeNull();
  });
});

describe('venue time', () => {
  const at = Date.UTC(2026, 2, 1, 2, 4); // 02:04 UTC = 15:04 in Auckland (NZDT), 21:04 in New York the day before

  it('reads an instant on the venue’s wall clock, whatever the computer’s zone', () => {
    expect(clockTime(at, 'Pacific/Auckland')).toBe('3:04 PM');
    expect(clockTime(at, 'America/New_York')).toBe('9:04 PM');
    expect(formatVenueTime(at, 'America/New_York', at + 60_000)).toBe('9:04 PM');
    expect(formatVenueTime(at, 'America/New_York', at + 86_400_000)).toBe('Feb 28, 9:04 PM');
    expect(formatVenueTime(new Date(at).toISOString(), 'Pacific/Auckland', at)).toBe('3:04 PM');
    expect(formatVenueTime(null, null)).toBe('—');
  });

  it('round-trips the date-time input in the venue’s zone', () => {
    expect(toLocalInput(at, 'Pacific/Auckland')).toBe('2026-03-01T15:04');
    expect(fromLocalInput('2026-03-01T15:04', 'Pacific/Auckland')).toBe(at);
  });

  it('names the zone only when it differs from the computer’s', () => {
    const here = zoneOffsetMinutes(at, null);
    const other = here === zoneOffsetMinutes(at, 'Pacific/Auckland') ? 'America/New_York' : 'Pacific/Auckland';
    expect(zoneNote(other, at)).toMatch(/\w/);
    expect(zoneNote(null, at)).toBeNull();
    expect(zoneNote(other, at, other)).toBeNull();
  });
});

describe('staff words', () => {
  it('takes the message out of anything thrown, without the IPC prefix', () => {
    expect(errorMessage(new Error("Error invoking remote method 'venue:x': Error: Nope"))).toBe('Nope');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ a: 1 })).toBe('{"a":1}');
  });

  it('turns network failures on the kiosk into one plain sentence, keeping the detail', () => {
    const w = staffWords(new Error('POST /oauth/token: fetch failed'));
    expect(w.text).toBe('The service cannot be reached right now. Check the internet connection and try again.');
    expect(w.detail).toBe('POST /oauth/token: fetch failed');
  });

  it('keeps the service’s reason but without routes, ids, cents and UTC times', () => {
    const w = staffWords(
      new Error(
        'The service answered POST /api/tab/4f1c2a9e-1111-4222-8333-123456789abc/refund with 400: 10000 is more than the 7400 cents refundable (amount_too_large)',
      ),
    );
    expect(w.text).toBe('$100.00 is more than the $74.00 refundable (amount too large).');
    expect(w.text).not.toMatch(/POST|\/api|4f1c2a9e|cents/);
    expect(w.detail).toContain('POST /api/tab');
    const t = plainWords('Shift started 2026-03-01T02:04:00Z', { timezone: 'America/New_York' });
    expect(t).toBe('Shift started Feb 28, 9:04 PM.');
  });

  it('leaves plain sentences alone', () => {
    expect(staffWords(new Error('You are not on shift.'))).toEqual({ text: 'You are not on shift.', detail: null });
  });

  it('words sign-in and permission failures for the person, not the protocol', () => {
    expect(staffWords(new Error('403 on GET /api/loc: insufficient_scope')).text).toMatch(/does not allow this/);
    expect(staffWords(new Error('The service answered GET /api/loc with 503')).text).toMatch(/problem on its side/);
  });
});

describe('bug E: "already on shift since" in the venue’s zone', () => {
  it('words the time of the open shift on the venue’s clock', () => {
    const shiftStart = Date.UTC(2026, 2, 1, 2, 4);
    const row = { userId: 'u1', name: 'Ana', shiftStart, breakStart: null } as unknown as LiveRow;
    const build = (timezone: string) => () =>
      buildPunches({ action: 'punch-in' } as Parameters<typeof buildPunches>[0], {
        locationUuid: 'L',
        userId: 'u1',
        name: 'Ana',
        roles: [],
        row,
        now: shiftStart + 60_000,
        timezone,
      });
    expect(build('Pacific/Auckland')).toThrow('You are already on shift (since 3:04 PM)');
    expect(build('America/New_York')).toThrow('You are already on shift (since 9:04 PM)');
  });
});

describe('staff words for the sandbox refund refusal', () => {
  it('turns cents into dollars but leaves payment ids alone', () => {
    expect(plainWords('amount: 10000 is more than the 7400 cents left to refund on payment 1234.')).toBe(
      'Amount: $100.00 is more than the $74.00 left to refund on payment 1234.',
    );
  });
});
