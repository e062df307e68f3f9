// Sealed segments' sidecar indexes (a restart does not parse 100 000 lines again). A
// start with sidecars must know exactly what a start without them knows: the same rows, counters,
// deliveries, dedupe keys and flags. A segment changed after its sidecar was written (a flipped
// byte, cut short, random bytes) must be found and reported exactly as without sidecars: at the
// start when it was written to, by the background hash (sealed-check.ts) when only its bytes changed.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type LogIo, nodeLogIo, WebhookReceiver } from '../../electron/core/webhooks';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { SidecarStore } from '../../electron/core/webhooks/segment-sidecar';
import { deliver, envelope, removeTempDirs, SECRET, TestClock, tempDir } from './webhook-fixtures';

afterAll(removeTempDirs);

const guest = (n: number) => envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}` } });
const LOG = 'webhook-log';
const INDEX = 'webhook-log-index';

/** A log of several sealed segments with duplicates, refused and flagged rows in them. */
async function buildLog(clock: TestClock): Promise<string> {
  const dataDir = tempDir();
  const r = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now, segmentEvents: 5 });
  const { url } = await r.start();
  for (let n = 0; n < 23; n++) {
    await deliver(url!, guest(n));
    if (n % 4 === 0) await deliver(url!, guest(n)); // a repeat: a 'd' line pointing back
    if (n % 7 === 0) await deliver(url!, guest(100 + n), 'forged'); // refused
    if (n % 9 === 0) await deliver(url!, envelope('OPEN_TAB', { targetUuid: `t${n}`, data: { name: 5 } })); // flagged
  }
  await r.stop();
  return dataDir;
}

interface Seen {
  counters: unknown;
  page: unknown;
  /** Answered from the in-memory index alone (the page's rows are read from the segments). */
  byType: unknown;
  details: unknown[];
  reports: { sentence: string; count: number | null; kept: boolean }[];
  problems: string[];
  repeat: unknown;
}

async function load(dataDir: string, clock: TestClock, repeat = false): Promise<Seen> {
  const reports: DamageReport[] = [];
  const r = new WebhookReceiver({
    dataDir,
    secret: SECRET,
    now: clock.now,
    segmentEvents: 5,
    damage: (x) => reports.push(x),
  });
  const { url } = await r.start();
  const page = r.page({}, 0, 500);
  const details = page.rows.map((row) => r.detail(row.seq));
  const seen = {
    counters: r.counters(),
    page,
    byType: r.page({ type: 'GUEST_SUBSCRIBED' }, 0, 500).rows.map((row) => row.seq),
    details,
    reports: reports.map((x) => ({ sentence: x.sentence, count: x.count, kept: x.keptAs !== null })),
    problems: r.status().message ? [r.status().message!.split(dataDir).join('<data>')] : [],
    // A delivery seen before the restart is still a repeat (it writes, so only when asked).
    repeat: repeat ? (await deliver(url!, guest(8))).json : null,
  };
  await r.stop();
  return seen;
}

/** The same folder without any sidecar: what a start knew before sidecars existed. */
function withoutSidecars(dataDir: string): string {
  const copy = tempDir();
  cpSync(dataDir, copy, { recursive: true });
  rmSync(join(copy, INDEX), { recursive: true, force: true });
  return copy;
}

/** A receiver on `dataDir` whose damage reports are collected (the background hash waits a minute unless run). */
async function started(
  dataDir: string,
  clock: TestClock,
): Promise<{ r: WebhookReceiver; url: string; reports: DamageReport[] }> {
  const reports: DamageReport[] = [];
  const r = new WebhookReceiver({
    dataDir,
    secret: SECRET,
    now: clock.now,
    segmentEvents: 5,
    damage: (x) => reports.push(x),
    sealedCheckDelayMs: 60_000,
  });
  const { url } = await r.start();
  return { r, url: url!, reports };
}

/** What a start from the sidecars knows, checked against a start of the same folder without them. */
async function sameAsFullScan(dataDir: string, clock: TestClock): Promise<Seen> {
  const reference = await load(withoutSidecars(dataDir), clock);
  const fromSidecars = await load(dataDir, clock);
  expect(fromSidecars).toEqual(reference);
  return fromSidecars;
}

/**
 * Every segment has a sidecar, and a start trusts them all: none is replaced by a scan's (a start
 * rewrites a sidecar it does not trust), and it knows what a full scan knows.
 */
async function everySegmentTrusted(dataDir: string, clock: TestClock): Promise<void> {
  const index = join(dataDir, INDEX);
  expect(readdirSync(index).sort()).toEqual(segments(dataDir).map((f) => f.replace('.jsonl', '.idx')));
  const mtimes = () => readdirSync(index).map((f) => statSync(join(index, f)).mtimeMs);
  const before = mtimes();
  await sameAsFullScan(dataDir, clock);
  expect(mtimes()).toEqual(before);
}

const segments = (dataDir: string) =>
  readdirSync(join(dataDir, LOG))
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
const sealed = (dataDir: string) => segments(dataDir).slice(0, -1);

describe('segment sidecars', () => {
  it('are written for sealed segments at a start, and a start from them knows exactly what a full scan knows', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    const reference = await load(withoutSidecars(dataDir), clock);
    await load(dataDir, clock); // writes the sidecars
    // Every segment: the sealed ones, and the newest, which the last run closed cleanly.
    expect(readdirSync(join(dataDir, INDEX)).length).toBe(segments(dataDir).length);
    const fast = await load(withoutSidecars(dataDir), clock);
    const written = () => readdirSync(join(dataDir, INDEX)).map((f) => statSync(join(dataDir, INDEX, f)).mtimeMs);
    const before = written();
    const fromSidecars = await load(dataDir, clock);
    // Trusted, not written again (a sidecar the start does not trust is replaced after the scan).
    expect(written()).toEqual(before);
    expect(fromSidecars).toEqual(fast);
    expect(fromSidecars.counters).toEqual(reference.counters);
    expect(fromSidecars.reports).toEqual([]);
    expect((await load(dataDir, clock, true)).repeat).toMatchObject({ duplicate: true });
  });

  const damages: [string, (file: string) => void][] = [
    [
      'one byte changed inside a line',
      (f) => {
        const b = readFileSync(f);
        const at = b.indexOf('"handle"') + 2;
        b[at] = b[at] === 0x68 ? 0x48 : 0x68;
        writeFileSync(f, b);
      },
    ],
    [
      'a line broken',
      (f) => {
        const b = readFileSync(f);
        const at = b.indexOf('\n') + 5;
        b[at] = 0x7b;
        writeFileSync(f, b);
      },
    ],
    ['cut short', (f) => writeFileSync(f, readFileSync(f).subarray(0, Math.floor(readFileSync(f).length * 0.6)))],
    ['random bytes', (f) => writeFileSync(f, Buffer.from(Array.from({ length: 900 }, (_, i) => (i * 131) % 256)))],
  ];
  for (const [how, damage] of damages) {
    it(`a sealed segment with ${how} after its sidecar was written is found and reported as without sidecars`, async () => {
      const clock = new TestClock();
      const dataDir = await buildLog(clock);
      await load(dataDir, clock); // sidecars written
      const victim = join(dataDir, LOG, sealed(dataDir)[1]);
      damage(victim);
      const bare = withoutSidecars(dataDir);
      const fromSidecars = await load(dataDir, clock);
      const reference = await load(bare, clock);
      expect(fromSidecars).toEqual(reference);
      expect(fromSidecars.reports.length + fromSidecars.problems.length).toBeGreaterThan(0);
    });
  }

  /** Rewrites a file and puts its times back: bytes changed without a write, as a failing disk does. */
  const rot = (file: string, change: (b: Buffer) => void) => {
    const { atime, mtime } = statSync(file);
    const b = readFileSync(file);
    change(b);
    writeFileSync(file, b);
    utimesSync(file, atime, mtime);
  };

  it('a sealed segment whose bytes change without a write is trusted at the start, then found by the background hash, reported, and scanned at the next start', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    await load(dataDir, clock); // sidecars written
    const victim = join(dataDir, LOG, sealed(dataDir)[1]);
    // A line in the middle: the start's look at the first and last lines does not see it.
    rot(victim, (b) => {
      b[b.indexOf('\n', b.indexOf('\n') + 1) + 5] = 0x7b;
    });
    const { r, reports } = await started(dataDir, clock);
    expect(reports).toEqual([]);
    const changed = await r.checkSealedSegments();
    expect(changed).toEqual([Number(/\d+/.exec(sealed(dataDir)[1])![0])]);
    expect(reports.map((x) => [x.key, x.path])).toEqual([['sealed-changed', victim]]);
    expect(readdirSync(join(dataDir, INDEX)).length).toBe(segments(dataDir).length - 1);
    await r.stop();
    // The next start scans it, as if there had never been sidecars.
    expect((await sameAsFullScan(dataDir, clock)).reports.length).toBeGreaterThan(0);
  });

  it('an unchanged log passes the background hash with no report, and keeps its sidecars', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    await load(dataDir, clock);
    const { r, reports } = await started(dataDir, clock);
    expect(await r.checkSealedSegments()).toEqual([]);
    await r.stop();
    expect(reports).toEqual([]);
    expect(readdirSync(join(dataDir, INDEX)).length).toBe(segments(dataDir).length);
  });

  it('the newest segment, closed cleanly, is trusted only if its bytes still hash as recorded: bit rot in it is found at the start, as a scan finds it', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    rot(join(dataDir, LOG, segments(dataDir).at(-1)!), (b) => {
      b[b.indexOf('\n', b.indexOf('\n') + 1) + 5] = 0x7b;
    });
    expect((await sameAsFullScan(dataDir, clock)).reports.length).toBeGreaterThan(0);
  });

  it('the newest segment, closed cleanly, is trusted; appended to again, it gets a new sidecar at the next clean close, which the start after trusts', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    const newest = join(dataDir, INDEX, segments(dataDir).at(-1)!.replace('.jsonl', '.idx'));
    const written = statSync(newest).mtimeMs;
    const { r, url, reports } = await started(dataDir, clock);
    // Trusted: not replaced by a scan's sidecar.
    expect(statSync(newest).mtimeMs).toBe(written);
    // A repeat and a new event land in the newest segment.
    await deliver(url, guest(21));
    await deliver(url, guest(500));
    expect(await r.checkSealedSegments()).toEqual([]);
    expect(reports).toEqual([]);
    await r.stop();
    expect(statSync(newest).mtimeMs).toBeGreaterThan(written);
    const before = statSync(newest).mtimeMs;
    await sameAsFullScan(dataDir, clock);
    expect(statSync(newest).mtimeMs).toBe(before);
  });

  it('a run that appends to a segment it found (and scanned) until it is sealed gives it a sidecar too: the next start trusts every segment', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    const index = join(dataDir, INDEX);
    // A newest segment of two rows, then its sidecar gone, as after a crash: the next start scans it.
    const first = await started(dataDir, clock);
    for (let n = 0; n < 2; n++) await deliver(first.url, guest(600 + n));
    await first.r.stop();
    rmSync(join(index, segments(dataDir).at(-1)!.replace('.jsonl', '.idx')));
    const { r, url } = await started(dataDir, clock);
    for (let n = 0; n < 12; n++) await deliver(url, guest(700 + n));
    await r.stop();
    await everySegmentTrusted(dataDir, clock);
  });

  it('a segment whose first or last line changed with its mtime put back is scanned at the start, not trusted', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    await load(dataDir, clock);
    const [first, second] = sealed(dataDir).map((f) => join(dataDir, LOG, f));
    // The first line's seq, one digit changed (same size); the last line's closing brace.
    rot(first, (b) => {
      const at = b.indexOf('"seq":') + 6;
      b[at] = b[at] === 0x39 ? 0x38 : b[at] + 1;
    });
    rot(second, (b) => {
      b[b.length - 2] = 0x20;
    });
    expect((await sameAsFullScan(dataDir, clock)).reports.length).toBeGreaterThan(0);
  });

  it('a sidecar damaged after it was written (one byte of its numbers, its keys or its texts) is not trusted: the start knows what a full scan knows', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    await load(dataDir, clock);
    const sidecars = readdirSync(join(dataDir, INDEX)).sort();
    const flip = (file: string, at: (b: Buffer) => number) => {
      const b = readFileSync(file);
      const i = at(b);
      b[i] ^= 0x01;
      writeFileSync(file, b);
    };
    // The body after the header line: numbers, then the dedupe keys, then the texts (sidecar-codec.ts).
    const parts = (b: Buffer) => {
      const head = JSON.parse(b.subarray(0, b.indexOf(0x0a)).toString()) as { stringBytes: number };
      return { numbers: b.indexOf(0x0a) + 1, texts: b.length - head.stringBytes };
    };
    expect(sidecars.length).toBeGreaterThanOrEqual(3);
    // An offset's low byte, the last byte of the last key, a letter of an event type's name (the JSON still parses).
    flip(join(dataDir, INDEX, sidecars[0]), (b) => parts(b).numbers + 8);
    flip(join(dataDir, INDEX, sidecars[1]), (b) => parts(b).texts - 1);
    flip(join(dataDir, INDEX, sidecars[2]), (b) => b.indexOf('_', parts(b).texts) + 1);
    await sameAsFullScan(dataDir, clock);
  });

  it('a torn or foreign sidecar is ignored and written again; sidecars of removed segments go', async () => {
    const clock = new TestClock();
    const dataDir = await buildLog(clock);
    await load(dataDir, clock);
    const sidecars = readdirSync(join(dataDir, INDEX));
    writeFileSync(join(dataDir, INDEX, sidecars[0]), '{"format":1,"size":');
    writeFileSync(join(dataDir, INDEX, sidecars[1]), readFileSync(join(dataDir, INDEX, sidecars[2])));
    writeFileSync(join(dataDir, INDEX, 'seg-99999999.idx'), '{}');
    await sameAsFullScan(dataDir, clock);
    expect(existsSync(join(dataDir, INDEX, 'seg-99999999.idx'))).toBe(false);
    expect(readFileSync(join(dataDir, INDEX, sidecars[0]), 'utf8')).toMatch(/"sha256"/);
  });
});

describe('sidecars written as segments are sealed', () => {
  it('a segment sealed while the listener runs has its sidecar at once, and the next start trusts it and knows what a full scan knows', async () => {
    const clock = new TestClock();
    // One run only: every sealed segment was created and written by this process.
    const dataDir = await buildLog(clock);
    await everySegmentTrusted(dataDir, clock);
  });

  it('a clean stop waits for the sidecar write of a sealed segment still under way (a slow disk), and deliveries go on meanwhile', async () => {
    const clock = new TestClock();
    const dataDir = tempDir();
    // The first segment's sidecar takes 300 ms to write (a slow disk); the others are written as usual.
    const original = SidecarStore.prototype.writeSealed;
    const slow = vi.spyOn(SidecarStore.prototype, 'writeSealed').mockImplementation(async function (
      this: SidecarStore,
      id,
      sealed,
    ) {
      if (id === 1) await new Promise((resolve) => setTimeout(resolve, 300));
      return original.call(this, id, sealed);
    });
    try {
      const r = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now, segmentEvents: 5 });
      const { url } = await r.start();
      for (let n = 0; n < 6; n++) await deliver(url!, guest(n));
      // The sixth event sealed the first segment; its sidecar write starts 50 ms later.
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(slow).toHaveBeenCalledTimes(1);
      expect((await deliver(url!, guest(6))).status).toBe(200);
      await r.stop();
    } finally {
      slow.mockRestore();
    }
    expect(readdirSync(join(dataDir, INDEX)).sort()).toEqual(['seg-00000001.idx', 'seg-00000002.idx']);
    await everySegmentTrusted(dataDir, clock);
  });

  it('a segment with a failed write gets no sidecar from that run, and the next start still knows what a full scan knows', async () => {
    const clock = new TestClock();
    const dataDir = tempDir();
    let failNext = false;
    const logIo: LogIo = {
      openAppend: async (path) => {
        const file = await nodeLogIo.openAppend(path);
        return {
          size: () => file.size(),
          writeAt: async (data, position) => {
            if (failNext) {
              failNext = false;
              // Half of the group reaches the disk before the failure: a torn tail the log must cut back.
              await file.writeAt(data.subarray(0, Math.floor(data.length / 2)), position);
              throw new Error('disk full');
            }
            return file.writeAt(data, position);
          },
          sync: () => file.sync(),
          truncate: (n) => file.truncate(n),
          close: () => file.close(),
        };
      },
      syncDir: (dir) => nodeLogIo.syncDir(dir),
    };
    const r = new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now, segmentEvents: 5, logIo });
    const { url } = await r.start();
    for (let n = 0; n < 23; n++) {
      if (n === 7) failNext = true;
      await deliver(url!, guest(n));
    }
    await r.stop();
    const failedSegment = readdirSync(join(dataDir, LOG))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()[1];
    expect(existsSync(join(dataDir, INDEX, failedSegment.replace('.jsonl', '.idx')))).toBe(false);
    await sameAsFullScan(dataDir, clock);
  });
});
