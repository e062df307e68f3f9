// The request ledger on real files (electron/core/requests/request-ledger.ts): what a repeat of a
// `once` request finds after the app opened its data folder again, after a crash (a lone start
// line), after a torn or unreadable line, and after a day and a half or more entries than it
// keeps; and that the caller still hears an outcome the ledger could not write down.
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LEDGER_FILE,
  LEDGER_KEEP_MS,
  MAX_ENTRIES,
  RequestLedger,
  type LedgerOutcome,
} from '../../electron/core/requests/request-ledger';
import { withRequestLedger } from '../../electron/core/requests/ledger-handlers';
import { DataHealth } from '../../electron/core/storage/data-health';
import type { IpcHandlers } from '../../shared/contract';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-ledger-');
const open: RequestLedger[] = [];
afterEach(() => {
  for (const l of open.splice(0)) l.close();
  dirs.removeAll();
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 18, 0, 0);

function ledgerAt(dataDir: string, options: { now?: () => number; log?: (line: string) => void } = {}) {
  const health = new DataHealth(dataDir, options.now ?? (() => T0));
  const ledger = new RequestLedger({ dataDir, now: () => T0, ...options, damage: health.sink });
  open.push(ledger);
  return { ledger, health };
}

/** What the app does when it stops: the file is closed (a kill closes it too, by ending the process). */
function close(ledger: RequestLedger): void {
  ledger.close();
  open.splice(open.indexOf(ledger), 1);
}

const fileOf = (dataDir: string) => join(dataDir, 'requests', LEDGER_FILE);
const linesOf = (dataDir: string) => readFileSync(fileOf(dataDir), 'utf8').split('\n').filter(Boolean);
const refund = (amount: number): LedgerOutcome => ({ ok: true, result: { ok: true, amount, refundPaymentId: 'p1' } });
const never = () => new Promise<LedgerOutcome>(() => {});
const notUnknown = () => false;

/** One request run to its end through the ledger, as the handlers run it. */
async function run(ledger: RequestLedger, key: string, outcome: LedgerOutcome, channel = 'tabRefund') {
  return ledger.first(key, channel, `fp-${key}`, async () => outcome, notUnknown);
}

describe('a repeat after the data folder is opened again', () => {
  it('finds the first outcome, for successes and refusals alike', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    const refused: LedgerOutcome = {
      ok: false,
      error: { kind: 'invalid', data: { field: 'amount' }, message: 'More than is left to refund' },
    };
    expect(await run(ledger, 'dev\u0000tabRefund\u0000r-1', refund(150))).toEqual(refund(150));
    expect(await run(ledger, 'dev\u0000tabRefund\u0000r-2', refused)).toEqual(refused);
    close(ledger);

    const again = ledgerAt(dir).ledger;
    expect(again.size).toBe(2);
    expect(again.get('dev\u0000tabRefund\u0000r-1')).toMatchObject({
      state: 'done',
      channel: 'tabRefund',
      fingerprint: 'fp-dev\u0000tabRefund\u0000r-1',
      outcome: refund(150),
    });
    expect(again.get('dev\u0000tabRefund\u0000r-2')).toMatchObject({ state: 'done', outcome: refused });
    expect(again.pending('dev\u0000tabRefund\u0000r-1')).toBeUndefined();
  });

  it('keeps an unknown outcome unknown, and a later settle decides it for good', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    const uncertain: LedgerOutcome = { ok: true, result: { ok: false, uncertain: true, message: '504', status: 504 } };
    await ledger.first(
      'k-unknown',
      'tabRefund',
      'fp',
      async () => uncertain,
      () => true,
    );
    close(ledger);

    const second = ledgerAt(dir).ledger;
    expect(second.get('k-unknown')).toMatchObject({ state: 'unknown', outcome: uncertain });
    second.settle('k-unknown', refund(75));
    close(second);
    expect(ledgerAt(dir).ledger.get('k-unknown')).toMatchObject({ state: 'done', outcome: refund(75) });
  });
});

describe('a start line without its outcome (the app stopped while the request was out)', () => {
  it('reads back as unknown, with the outcome-unknown kind the screens tell apart', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    await run(ledger, 'done-before', refund(10));
    // The service never answers before the "crash": the start is on disk, the end never comes.
    void ledger.first('cut-off', 'passOrder', 'fp-cut', never, notUnknown);
    expect(ledger.get('cut-off')?.state).toBe('started');
    expect(ledger.pending('cut-off')).toBeDefined();
    expect(linesOf(dir).at(-1)).toMatch(/"t":"start".*"key":"cut-off"/);
    close(ledger);

    const after = ledgerAt(dir).ledger;
    expect(after.get('done-before')?.state).toBe('done');
    const entry = after.get('cut-off')!;
    expect(entry).toMatchObject({ state: 'unknown', channel: 'passOrder', fingerprint: 'fp-cut' });
    expect(entry.outcome).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', data: { operation: 'passOrder' } },
    });
    expect(after.pending('cut-off')).toBeUndefined();
  });

  it('reads a start line written by hand (a file as a kill leaves it) the same way', () => {
    const dir = dirs.make();
    ledgerAt(dir);
    const start = { v: 1, t: 'start', key: 'by-hand', channel: 'giftCardSell', fp: 'x', at: T0 - HOUR };
    writeFileSync(fileOf(dir), `${JSON.stringify(start)}\n`);
    const entry = ledgerAt(dir).ledger.get('by-hand');
    expect(entry).toMatchObject({ state: 'unknown', outcome: { ok: false, error: { kind: 'outcome-unknown' } } });
  });

  it('stays on disk when its own line is the one that makes the file due for compaction', async () => {
    // Compaction rewrites the file from what is known; the new request's start must be part of it,
    // or a kill before its outcome leaves no trace and a repeat would write a second time.
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    for (let i = 0; i < 1_000; i++) await run(ledger, `k-${i}`, refund(i));
    expect(linesOf(dir)).toHaveLength(2_000);
    void ledger.first('the-1001st', 'tabRefund', 'fp', never, notUnknown);
    expect(linesOf(dir).some((l) => l.includes('"key":"the-1001st"'))).toBe(true);
    close(ledger);
    expect(ledgerAt(dir).ledger.get('the-1001st')?.state).toBe('unknown');
  });

  it('keeps the outcome when its end line is the one that compacts the file', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    const uncertain: LedgerOutcome = {
      ok: false,
      error: { kind: 'outcome-unknown', data: { operation: 'POST refund' }, message: '504' },
    };
    for (let i = 0; i < 1_000; i++)
      await ledger.first(
        `k-${i}`,
        'tabRefund',
        'fp',
        async () => (i < 2 ? uncertain : refund(i)),
        () => i < 2,
      );
    let answer!: (o: LedgerOutcome) => void;
    const out = ledger.first('x', 'tabRefund', 'fp-x', () => new Promise((go) => (answer = go)), notUnknown);
    // Checks decide the two unknown ones while x is out: lines without new entries.
    ledger.settle('k-0', refund(0));
    ledger.settle('k-1', refund(1));
    answer(refund(42));
    expect(await out).toEqual(refund(42));
    close(ledger);
    const after = ledgerAt(dir).ledger;
    expect(after.get('x')).toMatchObject({ state: 'done', outcome: refund(42) });
    expect(after.get('k-1')).toMatchObject({ state: 'done', outcome: refund(1) });
    expect(after.size).toBe(1_001);
  });

  it('says on disk what it knows in memory after every write, across compactions', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    const keys: string[] = [];
    const unknownKeys: string[] = [];
    /** What a restart would find: a lone start is unknown, the last end line of a key wins. */
    const onDisk = () => {
      const states = new Map<string, { state: string; outcome: unknown }>();
      for (const raw of linesOf(dir)) {
        const l = JSON.parse(raw) as { t: string; key: string; state?: string; outcome?: unknown };
        states.set(
          l.key,
          l.t === 'start' ? { state: 'unknown', outcome: null } : { state: l.state!, outcome: l.outcome },
        );
      }
      return states;
    };
    const uncertain: LedgerOutcome = {
      ok: false,
      error: { kind: 'outcome-unknown', data: { operation: 'POST refund' }, message: '504' },
    };
    // Few requests stay out, many unknown ones are settled: the file is compacted again and again.
    let compactions = 0;
    for (let i = 0; i < 1_600; i++) {
      const key = `k-${i}`;
      keys.push(key);
      const before = statSync(fileOf(dir)).size;
      if (i % 97 === 96) void ledger.first(key, 'tabRefund', 'fp', never, notUnknown);
      else if (i % 3 === 2) {
        await ledger.first(
          key,
          'tabRefund',
          'fp',
          async () => uncertain,
          () => true,
        );
        unknownKeys.push(key);
      } else await run(ledger, key, refund(i));
      if (i % 2 === 0 && unknownKeys.length > 0) ledger.settle(unknownKeys.shift()!, refund(-i));
      // Appends only add; a rewrite is where something could go missing.
      if (statSync(fileOf(dir)).size > before) continue;
      compactions++;
      const disk = onDisk();
      for (const k of keys) {
        const mem = ledger.get(k)!;
        const want =
          mem.state === 'started' ? { state: 'unknown', outcome: null } : { state: mem.state, outcome: mem.outcome };
        expect(disk.get(k), `${k} after request ${i}`).toEqual(want);
      }
    }
    expect(compactions).toBeGreaterThanOrEqual(3);
  });
});

describe('an unreadable line', () => {
  it('is kept aside in a .damaged- copy, reported to data health, and the rest reads', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    await run(ledger, 'a', refund(1));
    await run(ledger, 'b', refund(2));
    close(ledger);
    // A line damaged in the middle, and a last line torn by a crash mid-write.
    const lines = linesOf(dir);
    lines.splice(1, 0, '{"v":1,"t":"end","key":"zz"');
    writeFileSync(fileOf(dir), `${lines.join('\n')}\n`);
    appendFileSync(fileOf(dir), '{"v":1,"t":"start","key":"torn","chan');

    const logged: string[] = [];
    const { ledger: after, health } = ledgerAt(dir, { log: (l) => logged.push(l) });
    expect(after.get('a')).toMatchObject({ state: 'done', outcome: refund(1) });
    expect(after.get('b')).toMatchObject({ state: 'done', outcome: refund(2) });
    expect(after.get('torn')).toBeUndefined();
    expect(after.size).toBe(2);

    const kept = readdirSync(join(dir, 'requests')).filter((n) => n.startsWith(`${LEDGER_FILE}.damaged-`));
    expect(kept).toHaveLength(1);
    // Byte for byte as it was: both bad lines are in the copy, none is in the file now.
    const copy = readFileSync(join(dir, 'requests', kept[0]), 'utf8');
    expect(copy).toContain('"key":"zz"');
    expect(copy).toContain('"key":"torn","chan');
    expect(readFileSync(fileOf(dir), 'utf8')).not.toMatch(/zz|torn/);
    expect(logged.join('\n')).toMatch(/request ledger: 2 unreadable line\(s\) taken out/);

    const notices = health.view().notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      severity: 'warning',
      file: `requests/${LEDGER_FILE}`,
      keptAs: `requests/${kept[0]}`,
      count: 2,
    });
    expect(notices[0].sentence).toMatch(/2 requests sent to the service could not be read/);

    // New requests append after the repair, not onto the torn line.
    await run(after, 'c', refund(3));
    close(after);
    expect(ledgerAt(dir).ledger.get('c')?.state).toBe('done');
  });

  it('refuses lines of another shape (a wrong state, an error without a kind) as unreadable', () => {
    const dir = dirs.make();
    ledgerAt(dir);
    const good = { v: 1, t: 'end', key: 'g', channel: 'tabRefund', fp: 'f', at: T0, state: 'done', outcome: refund(1) };
    const bad = [
      { ...good, key: 'x1', state: 'started' },
      { ...good, key: 'x2', outcome: { ok: false, error: { message: 'no kind' } } },
      { ...good, key: 'x3', v: 2 },
      { ...good, key: 'x4', t: 'middle' },
    ];
    writeFileSync(fileOf(dir), [good, ...bad].map((l) => `${JSON.stringify(l)}\n`).join(''));
    const { ledger, health } = ledgerAt(dir);
    expect(ledger.size).toBe(1);
    expect(ledger.get('g')?.state).toBe('done');
    expect(health.view().notices[0]).toMatchObject({ count: 4 });
  });
});

describe('what the ledger keeps', () => {
  it('drops entries older than 36 hours when the folder is opened, and the file shrinks', async () => {
    const dir = dirs.make();
    let now = T0;
    const { ledger } = ledgerAt(dir, { now: () => now });
    for (let i = 0; i < 40; i++) await run(ledger, `old-${i}`, refund(i));
    now = T0 + 2 * HOUR;
    for (let i = 0; i < 5; i++) await run(ledger, `new-${i}`, refund(i));
    close(ledger);
    const before = statSync(fileOf(dir)).size;

    // Just inside the window: everything stays.
    now = T0 + LEDGER_KEEP_MS;
    const inside = ledgerAt(dir, { now: () => now }).ledger;
    expect(inside.size).toBe(45);
    close(inside);

    now = T0 + LEDGER_KEEP_MS + 1;
    const after = ledgerAt(dir, { now: () => now }).ledger;
    expect(after.size).toBe(5);
    expect(after.get('old-0')).toBeUndefined();
    expect(after.get('new-4')).toMatchObject({ state: 'done', outcome: refund(4) });
    expect(statSync(fileOf(dir)).size).toBeLessThan(before / 4);
    expect(linesOf(dir)).toHaveLength(10);
    close(after);
    // The rewritten file reads back as it was.
    expect(ledgerAt(dir, { now: () => now }).ledger.get('new-0')).toMatchObject({ state: 'done' });
  });

  it('drops what is past 36 hours while it runs, without waiting for a restart', async () => {
    const dir = dirs.make();
    let now = T0;
    const { ledger } = ledgerAt(dir, { now: () => now });
    for (let i = 0; i < 50; i++) await run(ledger, `day1-${i}`, refund(i));
    // A day later, and still within the window of the first ones: nothing goes yet.
    now = T0 + 24 * HOUR;
    await run(ledger, 'day2', refund(1));
    expect(ledger.size).toBe(51);
    // Two days on, with no restart in between.
    now = T0 + 2 * 24 * HOUR;
    await run(ledger, 'day3', refund(2));
    expect(ledger.get('day1-0')).toBeUndefined();
    expect(ledger.size).toBe(2);
    expect(linesOf(dir)).toHaveLength(4);
    // And not at every request after that: the next one only appends.
    await run(ledger, 'day3-b', refund(3));
    expect(linesOf(dir)).toHaveLength(6);
    close(ledger);
    expect(ledgerAt(dir, { now: () => now }).ledger.get('day2')).toMatchObject({ state: 'done' });
  });

  it(`stays near ${MAX_ENTRIES} entries while it runs`, async () => {
    const dir = dirs.make();
    ledgerAt(dir);
    const line = (i: number) =>
      `${JSON.stringify({ v: 1, t: 'end', key: `k-${i}`, channel: 'tabRefund', fp: 'f', at: T0 - HOUR + i, state: 'done', outcome: refund(i) })}\n`;
    writeFileSync(fileOf(dir), Array.from({ length: MAX_ENTRIES }, (_, i) => line(i)).join(''));
    const { ledger } = ledgerAt(dir);
    expect(ledger.size).toBe(MAX_ENTRIES);
    for (let i = 0; i <= MAX_ENTRIES / 10; i++) await run(ledger, `new-${i}`, refund(i));
    expect(ledger.size).toBe(MAX_ENTRIES);
    expect(ledger.get('k-0')).toBeUndefined();
    expect(ledger.get(`new-${MAX_ENTRIES / 10}`)).toMatchObject({ state: 'done' });
  });

  it('keeps an unknown outcome for its 36 hours too, then lets it go', () => {
    const dir = dirs.make();
    ledgerAt(dir);
    const start = (key: string, at: number) => ({ v: 1, t: 'start', key, channel: 'tabRefund', fp: 'f', at });
    writeFileSync(
      fileOf(dir),
      [start('stale', T0 - LEDGER_KEEP_MS - 1), start('fresh', T0 - HOUR)]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(''),
    );
    const { ledger } = ledgerAt(dir);
    expect(ledger.get('stale')).toBeUndefined();
    expect(ledger.get('fresh')?.state).toBe('unknown');
  });

  it(`keeps the newest ${MAX_ENTRIES} entries of a file that holds more`, () => {
    const dir = dirs.make();
    ledgerAt(dir);
    const total = MAX_ENTRIES + 1;
    // Written out of order, so "newest" is by time, not by place in the file.
    const order = Array.from({ length: total }, (_, i) => (i * 7_919) % total);
    const text = order
      .map((i) => {
        const line = { v: 1, t: 'end', key: `k-${i}`, channel: 'tabRefund', fp: 'f', at: T0 - HOUR + i };
        return `${JSON.stringify({ ...line, state: 'done', outcome: refund(i) })}\n`;
      })
      .join('');
    writeFileSync(fileOf(dir), text);
    const { ledger } = ledgerAt(dir);
    expect(ledger.size).toBe(MAX_ENTRIES);
    expect(ledger.get('k-0')).toBeUndefined();
    expect(ledger.get('k-1')).toMatchObject({ state: 'done', outcome: refund(1) });
    expect(ledger.get(`k-${total - 1}`)).toMatchObject({ state: 'done' });
    // The file holds what is kept: a start and an end per entry.
    expect(linesOf(dir)).toHaveLength(2 * MAX_ENTRIES);
    close(ledger);
    const again = ledgerAt(dir).ledger;
    expect(again.size).toBe(MAX_ENTRIES);
    expect(again.get('k-0')).toBeUndefined();
  });
});

describe('an outcome the ledger cannot write', () => {
  it('still answers the caller; a repeat after a restart finds the request unknown, never unsent', async () => {
    const dir = dirs.make();
    const logged: string[] = [];
    const { ledger } = ledgerAt(dir, { log: (l) => logged.push(l) });
    // The file is gone from under the ledger while the service is working (a disk that failed).
    const answer = await ledger.first(
      'k',
      'laborEditEntry',
      'fp',
      async () => {
        ledger.close();
        return refund(5);
      },
      notUnknown,
    );
    expect(answer).toEqual(refund(5));
    expect(logged.join('\n')).toMatch(/the outcome of laborEditEntry could not be written/);
    // This process still knows the outcome; the file only the start.
    expect(ledger.get('k')).toMatchObject({ state: 'done', outcome: refund(5) });
    open.splice(open.indexOf(ledger), 1);
    expect(existsSync(fileOf(dir))).toBe(true);
    expect(ledgerAt(dir).ledger.get('k')).toMatchObject({
      state: 'unknown',
      outcome: { ok: false, error: { kind: 'outcome-unknown' } },
    });
  });

  it('refuses a request whose start cannot be written, before anything is sent', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    ledger.close();
    open.splice(open.indexOf(ledger), 1);
    let sent = false;
    await expect(
      ledger.first(
        'k',
        'tabRefund',
        'fp',
        async () => {
          sent = true;
          return refund(1);
        },
        notUnknown,
      ),
    ).rejects.toThrow(/closed/);
    expect(sent).toBe(false);
    expect(ledger.get('k')).toBeUndefined();
  });
});

describe('what a repeat is answered with', () => {
  it('the outcome as first answered, even when the result object changes afterwards', async () => {
    const dir = dirs.make();
    const { ledger } = ledgerAt(dir);
    // A result sharing state the service keeps changing (a timesheet row's audit list).
    const audit = [{ by: 'Alex', to: 128 }];
    const first = await ledger.first(
      'k',
      'laborEditEntry',
      'fp',
      async () => ({ ok: true, result: { audit } }),
      notUnknown,
    );
    audit.push({ by: 'Alex', to: 135 });
    expect(ledger.get('k')!.outcome).toEqual({ ok: true, result: { audit: [{ by: 'Alex', to: 128 }] } });
    close(ledger);
    expect(ledgerAt(dir).ledger.get('k')!.outcome).toEqual({ ok: true, result: { audit: [{ by: 'Alex', to: 128 }] } });
    expect(first.ok).toBe(true);
  });

  it("a timesheet edit sent again with the manager's new session token is the same request", async () => {
    const dir = dirs.make();
    let edits = 0;
    const handlers = {
      laborEditEntry: async (_token: string, entryUuid: string, patch: { declaredTips: number }) => {
        edits++;
        return { entryUuid, declaredTips: patch.declaredTips, edit: edits };
      },
    } as unknown as IpcHandlers;
    const open1 = ledgerAt(dir).ledger;
    const h1 = withRequestLedger(handlers, open1);
    const patch = { reason: 'Tips corrected', declaredTips: 128 };
    const answer = await h1.laborEditEntry('token-before-restart', 'entry-1', patch, 'press-1');
    close(open1);
    // After a restart the manager signs in again: a new token, the same press.
    const h2 = withRequestLedger(handlers, ledgerAt(dir).ledger);
    expect(await h2.laborEditEntry('token-after-restart', 'entry-1', patch, 'press-1')).toEqual(answer);
    expect(edits).toBe(1);
    // The same id for another entry or other tips is still another request, refused.
    await expect(h2.laborEditEntry('token-after-restart', 'entry-2', patch, 'press-1')).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(
      h2.laborEditEntry('token-after-restart', 'entry-1', { ...patch, declaredTips: 5 }, 'press-1'),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(edits).toBe(1);
  });
});
