// Issue 12 "restart on a 100 000-event log < 1 s": the tabs projections start from a checkpoint
// and replay only the log's tail. Through a real receiver over HTTP and real files: a restart
// (clean or after a crash) gives exactly the board, gift cards and notices of a full replay; a
// damaged checkpoint falls back to a full replay and says so; a duplicate is still recognised.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTabsReceiver, type StartedTabs } from './tabs-receiver-kit';
import { deliver, envelope, removeTempDirs, rng, T0, TestClock, tempDir } from './webhook-fixtures';
import { accepted, tabStory } from './webhook-tab-story';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { CHECKPOINT_VERSION } from '../../electron/core/webhooks/projection-checkpoint';

afterAll(removeTempDirs);

const OVERLAP = 3;

type Started = StartedTabs;

const start = (dataDir: string, clock: TestClock, checkpoint = true): Promise<Started> =>
  startTabsReceiver(dataDir, { now: clock.now, overlap: OVERLAP, checkpoint });

/** What the three projections hold, as the screens would see it. */
function state(s: Started) {
  return { board: s.tabs.boardView(), cards: s.tabs.giftCardEvents.all(), notices: s.tabs.notices.list() };
}

const story = (seed: number, n: number) => tabStory(n, rng(seed), T0 - 30 * 60_000);
const notice = (n: number) => envelope('GUEST_SUBSCRIBED', { targetUuid: `guest-${n}`, data: { handle: `h${n}` } });
const checkpointFile = (dataDir: string) =>
  join(
    dataDir,
    readdirSync(dataDir).find((f) => f.startsWith('checkpoint-') && !f.includes('.damaged-'))!,
  );

async function deliverAll(url: string, events: unknown[]): Promise<void> {
  for (const e of events) expect((await deliver(url, e)).status).toBeLessThan(300);
}

describe('projection checkpoints', () => {
  it('a clean restart restores the checkpoint and replays only the tail; the state equals a full replay', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const first = await start(dataDir, clock);
    const events = [...story(1, 6), notice(1), notice(2)];
    await deliverAll(first.url, events);
    await first.receiver.stop();

    const second = await start(dataDir, clock);
    expect(second.visited).toBe(OVERLAP);
    expect(second.reports).toEqual([]);
    const full = await start(dataDir, clock, false);
    expect(full.visited).toBe(events.length);
    expect(state(second)).toEqual(state(full));
    expect(state(second).board.open.length + state(second).board.closed.length).toBeGreaterThan(0);

    // A delivery the service retries after the restart is still a duplicate: stored once, applied once.
    const before = state(second);
    expect((await deliver(second.url, events[2])).status).toBe(200);
    expect(second.receiver.counters().duplicate).toBe(1);
    expect(state(second)).toEqual(before);
    await Promise.all([second.receiver.stop(), full.receiver.stop()]);
  });

  it('after a crash (no checkpoint at the end), the older checkpoint plus the longer tail gives the same state', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const first = await start(dataDir, clock);
    await deliverAll(first.url, story(2, 4));
    await first.receiver.stop();
    const second = await start(dataDir, clock);
    const more = [...story(3, 5), notice(7)];
    await deliverAll(second.url, more);
    // Killed: no stop(), so the checkpoint still covers only the first story. The log is the truth.
    const third = await start(dataDir, clock);
    expect(third.visited).toBe(OVERLAP + more.length);
    const full = await start(dataDir, clock, false);
    expect(state(third)).toEqual(state(full));
    await Promise.all([second.receiver.stop(), third.receiver.stop(), full.receiver.stop()]);
  });

  const damages: [string, (file: string) => void, boolean][] = [
    ['cut short', (f) => writeFileSync(f, readFileSync(f).subarray(0, Math.floor(readFileSync(f).length / 2))), true],
    ['emptied', (f) => writeFileSync(f, ''), true],
    [
      'random bytes',
      (f) => writeFileSync(f, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
      true,
    ],
    [
      'one byte changed in the state',
      (f) => {
        const b = readFileSync(f);
        b[b.length - 10] = b[b.length - 10] === 0x31 ? 0x32 : 0x31;
        writeFileSync(f, b);
      },
      true,
    ],
    [
      'holding an older projection format',
      (f) => {
        // A valid file (checksum and all) whose open-tabs state an older version wrote.
        const b = readFileSync(f);
        const nl = b.indexOf(10);
        const header = JSON.parse(b.subarray(0, nl).toString('utf8'));
        const body = Buffer.from(
          b
            .subarray(nl + 1)
            .toString('utf8')
            .replace(/"format":"open-tabs\/\d+"/, '"format":"open-tabs/0"'),
        );
        header.sha256 = createHash('sha256').update(body).digest('hex');
        writeFileSync(f, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]));
      },
      false,
    ],
  ];
  for (const [how, damage, kept] of damages) {
    it(`a checkpoint ${how} falls back to a full replay, says so, and loses nothing`, async () => {
      const dataDir = tempDir();
      const clock = new TestClock();
      const first = await start(dataDir, clock);
      const events = [...story(4, 5), notice(3)];
      await deliverAll(first.url, events);
      await first.receiver.stop();
      damage(checkpointFile(dataDir));

      const second = await start(dataDir, clock);
      expect(second.visited).toBe(events.length);
      expect(second.reports).toHaveLength(1);
      expect(second.reports[0].sentence).toMatch(/rebuilt from the event log.*No event is lost/);
      expect(second.reports[0].keptAs !== null).toBe(kept);
      if (kept) expect(readdirSync(dataDir).some((f) => f.includes('.damaged-'))).toBe(true);
      const full = await start(dataDir, clock, false);
      expect(state(second)).toEqual(state(full));
      // The next clean stop writes a good checkpoint again.
      await second.receiver.stop();
      const third = await start(dataDir, clock);
      expect(third.reports).toEqual([]);
      expect(third.visited).toBe(OVERLAP);
      await Promise.all([third.receiver.stop(), full.receiver.stop()]);
    });
  }

  it('a checkpoint a newer release wrote is left byte for byte; the board is rebuilt from the log, and said', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const first = await start(dataDir, clock);
    const events = [...story(4, 5), notice(3)];
    await deliverAll(first.url, events);
    await first.receiver.stop();
    const file = checkpointFile(dataDir);
    const text = readFileSync(file, 'utf8');
    const header = new RegExp(`^\\{"format":${CHECKPOINT_VERSION},"writtenBy":"[^"]*"`);
    expect(text).toMatch(header);
    writeFileSync(file, text.replace(header, `{"format":${CHECKPOINT_VERSION + 1},"writtenBy":"99.0.0"`));
    const bytes = readFileSync(file);

    const second = await start(dataDir, clock);
    expect(second.visited).toBe(events.length);
    expect(second.reports).toEqual([
      expect.objectContaining({
        severity: 'error',
        keptAs: null,
        sentence: expect.stringMatching(
          new RegExp(
            `^The saved state of the tabs board: written by release 99\\.0\\.0 of the app \\(format version ${CHECKPOINT_VERSION + 1}\\)`,
          ),
        ),
      }),
    ]);
    const full = await start(dataDir, clock, false);
    expect(state(second)).toEqual(state(full));
    // Neither the quiet saves nor the stop write over it.
    await deliverAll(second.url, [notice(9)]);
    await Promise.all([second.receiver.stop(), full.receiver.stop()]);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('a checkpoint of another event log (the log was replaced) is not trusted', async () => {
    const a = tempDir();
    const b = tempDir();
    const clock = new TestClock();
    const first = await start(a, clock);
    await deliverAll(first.url, story(5, 4));
    await first.receiver.stop();
    const other = await start(b, clock);
    await deliverAll(other.url, story(6, 4));
    await other.receiver.stop();
    // b's log with a's checkpoint.
    writeFileSync(checkpointFile(b), readFileSync(checkpointFile(a)));
    const mixed = await start(b, clock);
    expect(mixed.reports.map((r) => r.detail)).toEqual([expect.stringMatching(/does not hold as it was/)]);
    const full = await start(b, clock, false);
    expect(state(mixed)).toEqual(state(full));
    await Promise.all([mixed.receiver.stop(), full.receiver.stop()]);
  });
});

describe('open-tabs checkpoint state', () => {
  it('round-trips every fact, index and tombstone: after a restore, the same events give the same board', () => {
    const HOUR = 3_600_000;
    const random = rng(11);
    const stories = Array.from({ length: 30 }, (_, n) => tabStory(n, random, n < 15 ? T0 - 96 * HOUR : T0 - HOUR));
    let seq = 0;
    const events = stories.map((s) => s.map((e) => accepted(e, ++seq)));
    const original = new OpenTabsProjection();
    for (const e of events.flat()) original.apply(e);
    expect(original.pruneClosed(T0 - 48 * HOUR)).toBeGreaterThan(0);

    const restored = new OpenTabsProjection();
    restored.restore(JSON.parse(JSON.stringify(original.snapshot())));
    expect(restored.board()).toEqual(original.board());
    expect(restored.sizes()).toEqual(original.sizes());
    // Events arriving after the restart, including repeats about forgotten tabs, land the same way.
    const later = [...events[0], ...events[20]].map((e) => ({ ...e, seq: ++seq }));
    for (const e of later) {
      original.apply(e);
      restored.apply(e);
    }
    expect(restored.board()).toEqual(original.board());
  });
});
