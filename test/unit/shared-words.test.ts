// One way to word money, venue times and errors, and
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
import { errorMessage, plainWords, spendLimitWords, staffWords } from '../../shared/errors';
import { AppError, appError } from '../../shared/app-error';
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

  it('words a failure by its kind, keeping the technical message as the detail', () => {
    const w = staffWords(appError('unreachable', 'POST /oauth/token: fetch failed'));
    expect(w.text).toBe('The service cannot be reached right now. Check the internet connection and try again.');
    expect(w.detail).toBe('POST /oauth/token: fetch failed');
    // The same words from the payload as it crosses a boundary.
    expect(staffWords({ kind: 'unreachable', data: {}, message: 'x' }).text).toBe(w.text);
  });

  it('picks the words by kind: rewording the message changes nothing', () => {
    const kinds = [
      appError('not-signed-in', 'POST /oauth/token answered 401'),
      new AppError('forbidden', '403 on GET /api/loc: insufficient_scope', { by: 'service' }),
      new AppError('service-failed', 'The service answered GET /api/loc with 503', { status: 503 }),
      new AppError('rate-limited', 'too many', { retryAfterMs: 4000 }),
      new AppError('locked-out', 'pad locked', { until: 30_000, deviceId: null, userId: null }),
      new AppError('local-failure', 'listen EADDRINUSE', { code: 'EADDRINUSE' }),
      new AppError('not-on-shift', 'not on shift', { onBreak: false }),
    ];
    for (const error of kinds) {
      const reworded = new AppError(error.kind, 'Something else entirely, with 401 and spend limit in it', error.data);
      expect(staffWords(reworded, { now: 0 }).text).toBe(staffWords(error, { now: 0 }).text);
    }
    expect(staffWords(kinds[0]).text).toMatch(/not signed in/);
    expect(staffWords(kinds[1]).text).toMatch(/does not allow this/);
    expect(staffWords(kinds[2]).text).toMatch(/problem on its side/);
    expect(staffWords(kinds[3]).text).toBe('The service is busy. Try again in 4 seconds.');
    expect(staffWords(kinds[4], { now: 10_000, timezone: 'UTC' }).text).toBe(
      'Too many wrong PINs. The PIN pad on this device is locked for everyone until 12:00:30 AM (venue time), 20 s from now.',
    );
    const approval = new AppError('locked-out', 'locked', {
      until: 100_000,
      deviceId: 'd',
      userId: '7',
      pad: 'approval',
    });
    expect(staffWords(approval, { now: 10_000, timezone: 'UTC', nameOf: () => 'Sam Lee' }).text).toBe(
      'Too many wrong PINs. Refund approval on this device is locked for Sam Lee until 12:01:40 AM (venue time), 1 min 30 s from now.',
    );
    expect(staffWords(kinds[5]).text).toMatch(/already using the listener's port/);
  });

  it('never reads meaning into a sentence that has no kind', () => {
    for (const sentence of [
      'The service answered GET /api/loc with 401',
      'spend limit',
      'fetch failed',
      'EADDRINUSE',
    ]) {
      const w = staffWords(new Error(sentence));
      expect(w.text).not.toMatch(/signed in|spending limit|cannot be reached|already using/);
    }
  });

  it('keeps the service’s own reason but without routes, ids, cents and UTC times', () => {
    const w = staffWords(
      new AppError(
        'invalid',
        'The service answered POST /api/tab/4f1c2a9e-1111-4222-8333-123456789abc/refund with 400: 10000 is more than the 7400 cents refundable (amount_too_large)',
        { field: null, said: '10000 is more than the 7400 cents refundable (amount_too_large)' },
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

  it("states a spend-limit refusal with the pass's limit, spent and this order", () => {
    const limit = { limitCents: 5000, spentCents: 2000, orderCents: 6600, mode: 'pre' as const };
    expect(staffWords(new AppError('spend-limit', 'This pass has reached its spend limit.', limit)).text).toBe(
      'This order of $66.00 would take the pass past its $50.00 limit ($20.00 spent).',
    );
    expect(spendLimitWords({ ...limit, mode: 'post', spentCents: 5000, orderCents: 400 })).toBe(
      'This pass has used its $50.00 limit ($50.00 spent): the service takes no more orders on it.',
    );
    expect(spendLimitWords({ ...limit, orderCents: null })).toBe(
      'This order would take the pass past its $50.00 limit ($20.00 spent).',
    );
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
