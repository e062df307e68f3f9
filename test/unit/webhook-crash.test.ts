// Crashes with two commit groups on their way to the disk (event-log.ts GROUPS_IN_FLIGHT): a torn
// first group with the second one whole after a hole, and kill -9 of a real receiver process in
// the middle of a flood, again and again, with a damaged sidecar on top. Whatever was answered 2xx
// is in the log afterwards, nothing is stored twice when the service sends everything again, and
// the skipped bytes are reported once as a torn write, never as lost events.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { type LogIo, nodeLogIo, WebhookReceiver } from '../../electron/core/webhooks';
import { LOG_FORMAT } from '../../electron/core/webhooks/log-meta';
import type { WebhookReceiverOptions } from '../../electron/core/webhooks/receiver-options';
import { runCli } from '../support/cli-process';
import { copyFixture, fixtureClock, manifest } from './data-v1-kit';
import { deliver, envelope, removeTempDirs, SECRET, tempDir, TestClock } from './webhook-fixtures';

afterAll(removeTempDirs);

const guest = (n: number, createdAt?: string) =>
  envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}` } }, createdAt);

async function started(options: WebhookReceiverOptions): Promise<{ receiver: WebhookReceiver; url: string }> {
  const receiver = new WebhookReceiver({ secret: SECRET, ...options });
  const status = await receiver.start();
  return { receiver, url: status.url! };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * Distinct deliveries numbered from 0 across the kills of a test, each with its own createdAt (so a
 * retry is the same event: the dedupe key includes it), and the ones answered 2xx with their seq.
 */
class Flood {
  readonly acked = new Map<number, number>();
  private readonly createdAt: string[] = [];
  sent = 0;

  /**
   * Starts webhook-kill-child.ts with `args` and floods it over `connections` until it printed
   * what `killAfter` waits for and `more` further answers came (or `limit` events were sent), then
   * kills it with SIGKILL. Returns what it printed.
   */
  async killDuring(
    args: string[],
    o: { connections: number; limit: number; killAfter: (out: string) => boolean; more: number },
  ): Promise<string> {
    const child = runCli('test/unit/webhook-kill-child.ts', args);
    await child.printed((out) => /url (\S+)/.test(out));
    const url = /url (\S+)/.exec(child.out())![1];
    const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
    let killed = false;
    const worker = async () => {
      while (!killed && this.sent < o.limit) {
        const n = this.sent++;
        this.createdAt[n] = new Date().toISOString();
        try {
          const reply = await deliver(url, guest(n, this.createdAt[n]), SECRET, {}, agent);
          if (reply.status === 200 && typeof reply.json?.seq === 'number') this.acked.set(n, reply.json.seq);
        } catch {
          // The process was killed under this request: not acknowledged.
        }
      }
    };
    const workers = Array.from({ length: o.connections }, worker);
    await child.printed(o.killAfter);
    const target = this.acked.size + o.more;
    await until(() => this.acked.size >= target || this.sent >= o.limit);
    child.child.kill('SIGKILL');
    killed = true;
    await child.exited;
    await Promise.all(workers);
    agent.destroy();
    return child.out();
  }

  /** Sends every event again: each is answered 2xx, an acknowledged one as a repeat of its own number. */
  async sendAllAgain(url: string, connections: number): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    let next = 0;
    const again = async () => {
      while (next < this.sent) {
        const n = next++;
        const reply = await deliver(url, guest(n, this.createdAt[n]), SECRET, {}, agent);
        expect(reply.status).toBe(200);
        if (this.acked.has(n))
          expect(reply.json, `event ${n}`).toMatchObject({ duplicate: true, seq: this.acked.get(n) });
      }
    };
    await Promise.all(Array.from({ length: connections }, again));
    agent.destroy();
  }
}

/**
 * The disk as a crash leaves it: in 'crash' mode the next group's write lands half and never
 * returns, the one after it lands whole; then the process "dies": nothing more reaches the disk.
 */
function crashingIo() {
  const state = {
    mode: 'normal' as 'normal' | 'crash' | 'dead',
    writes: 0,
    landed: 0,
    release: null as (() => void) | null,
  };
  const io: LogIo = {
    syncDir: nodeLogIo.syncDir,
    async openAppend(path) {
      const file = await nodeLogIo.openAppend(path);
      return {
        size: () => file.size(),
        writeAt: async (data, position) => {
          if (state.mode === 'dead') throw new Error('the process is gone');
          if (state.mode === 'crash') {
            state.writes += 1;
            if (state.writes === 1) {
              await file.writeAt(data.subarray(0, Math.floor(data.length / 2)), position);
              await new Promise<void>((resolve) => (state.release = resolve));
              throw new Error('the process is gone');
            }
            await file.writeAt(data, position);
            state.landed += 1;
            return;
          }
          await file.writeAt(data, position);
        },
        sync: () => file.sync(),
        // A dead process cuts nothing back.
        truncate: (n) => (state.mode === 'dead' ? Promise.resolve() : file.truncate(n)),
        close: () => file.close(),
      };
    },
  };
  return { io, state };
}

describe('crash with two groups in flight', () => {
  it('a torn first group before a whole second one: acknowledged events kept, the rest sent again once, reported as a torn write', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const { io, state } = crashingIo();
    const a = await started({ dataDir, now: clock.now, logIo: io, segmentEvents: 10 });
    for (let n = 0; n < 5; n++) expect((await deliver(a.url, guest(n))).json).toMatchObject({ seq: n + 1 });
    state.mode = 'crash';
    // Group 1 (event 5) is half on disk and hangs; group 2 (event 6) is written whole after it.
    const first = deliver(a.url, guest(5));
    await until(() => state.release !== null);
    const second = deliver(a.url, guest(6));
    await until(() => state.landed === 1);
    state.mode = 'dead';
    state.release!();
    // Neither was answered 2xx: the second waits for the first, which never landed.
    expect((await first).status).toBe(503);
    expect((await second).status).toBe(503);
    await a.receiver.stop();

    const reports: DamageReport[] = [];
    const b = await started({ dataDir, now: clock.now, damage: (r) => reports.push(r), segmentEvents: 10 });
    expect(reports.map((r) => r.key)).toEqual(['torn']);
    // Event 6's record is whole after the hole: kept (seq 7); event 5's number is a gap.
    expect(b.receiver.page().rows.map((r) => [r.seq, r.targetUuid])).toEqual([
      [1, 'cust-0'],
      [2, 'cust-1'],
      [3, 'cust-2'],
      [4, 'cust-3'],
      [5, 'cust-4'],
      [7, 'cust-6'],
    ]);
    // The service sends everything it was not answered (and more): each stored once.
    for (let n = 0; n < 7; n++) await deliver(b.url, guest(n));
    expect(b.receiver.counters()).toMatchObject({ verified: 7, duplicate: 6 });
    expect(b.receiver.detail(8)!.targetUuid).toBe('cust-5');
    // Enough to seal the segment with the skipped bytes in it.
    for (let n = 7; n < 12; n++) await deliver(b.url, guest(n));
    await b.receiver.stop();

    const later: DamageReport[] = [];
    const c = await started({ dataDir, now: clock.now, damage: (r) => later.push(r), segmentEvents: 10 });
    expect(later).toEqual([]);
    expect(c.receiver.status().message).toBeNull();
    const rows = c.receiver.page().rows;
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.targetUuid)).size).toBe(12);
    await c.receiver.stop();
  });

  it('four groups in flight: a torn first group before three whole ones, each later group kept, the torn one sent again once', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const { io, state } = crashingIo();
    const options = { dataDir, now: clock.now, segmentEvents: 20, groupsInFlight: 4 };
    const a = await started({ ...options, logIo: io });
    for (let n = 0; n < 3; n++) expect((await deliver(a.url, guest(n))).json).toMatchObject({ seq: n + 1 });
    state.mode = 'crash';
    // Group 1 (event 3) is half on disk and hangs; groups 2..4 (events 4, 5, 6) land whole after it.
    const first = deliver(a.url, guest(3));
    await until(() => state.release !== null);
    const later = [4, 5, 6].map(async (n, i) => {
      await until(() => state.landed >= i);
      return deliver(a.url, guest(n));
    });
    await until(() => state.landed === 3);
    state.mode = 'dead';
    state.release!();
    // None was answered 2xx: the later groups wait for the first, which never landed.
    expect((await first).status).toBe(503);
    for (const reply of await Promise.all(later)) expect(reply.status).toBe(503);
    await a.receiver.stop();

    const reports: DamageReport[] = [];
    const b = await started({ ...options, damage: (r) => reports.push(r) });
    expect(reports.map((r) => r.key)).toEqual(['torn']);
    expect(b.receiver.page().rows.map((r) => [r.seq, r.targetUuid])).toEqual([
      [1, 'cust-0'],
      [2, 'cust-1'],
      [3, 'cust-2'],
      [5, 'cust-4'],
      [6, 'cust-5'],
      [7, 'cust-6'],
    ]);
    for (let n = 0; n < 7; n++) await deliver(b.url, guest(n));
    expect(b.receiver.counters()).toMatchObject({ verified: 7, duplicate: 6 });
    expect(b.receiver.detail(8)!.targetUuid).toBe('cust-3');
    await b.receiver.stop();
    const c = await started(options);
    expect(c.receiver.status().message).toBeNull();
    expect(new Set(c.receiver.page().rows.map((r) => r.targetUuid)).size).toBe(7);
    await c.receiver.stop();
  });

  it('kill -9 during a flood, three times: every 2xx is in the log, nothing doubles, a damaged sidecar is read past', async () => {
    const dataDir = tempDir();
    const flood = new Flood();
    for (let round = 0; round < 3; round++)
      // Killed once two groups have been in flight at once and some hundreds were answered.
      await flood.killDuring([dataDir, SECRET], {
        connections: 50,
        limit: (round + 1) * 3_000,
        killAfter: (out) => out.includes('inflight 2'),
        more: 200,
      });
    expect(flood.acked.size).toBeGreaterThanOrEqual(600);

    // A damaged sidecar of a sealed segment: the start must not trust it.
    const indexDir = join(dataDir, 'webhook-log-index');
    const sidecar = readdirSync(indexDir)
      .filter((f) => !f.startsWith('.'))
      .sort()[0];
    const bytes = readFileSync(join(indexDir, sidecar));
    randomBytes(8).copy(bytes, Math.floor(bytes.length / 2));
    writeFileSync(join(indexDir, sidecar), bytes);

    const reports: DamageReport[] = [];
    const b = await started({ dataDir, damage: (r) => reports.push(r), segmentEvents: 40 });
    // Torn writes at most (or a newest segment killed between its creation and its first write);
    // no event is reported lost.
    expect(reports.filter((r) => r.key !== 'torn' && !(r.key === 'empty' && r.count === null))).toEqual([]);
    for (const [n, seq] of flood.acked) expect(b.receiver.detail(seq)?.targetUuid, `event ${n}`).toBe(`cust-${n}`);
    const stored = b.receiver.page({}, 0, 100_000).rows;
    expect(new Set(stored.map((r) => r.targetUuid)).size).toBe(stored.length);
    // Everything sent, sent again: each acknowledged one is a repeat of its own row, and in the
    // end every event is stored exactly once.
    await flood.sendAllAgain(b.url, 20);
    expect(b.receiver.counters().verified).toBe(flood.sent);
    expect(b.receiver.page().total).toBe(flood.sent);
    await b.receiver.stop();
  }, 120_000);

  it('kill -9 while a retention step is between its summary and the unlinks: nothing acknowledged lost or doubled, the leftovers moved aside', async () => {
    const dataDir = tempDir();
    const flood = new Flood();
    // The summary of the first step is in place, its segments not yet unlinked; appends go on.
    const out = await flood.killDuring([dataDir, SECRET, 'retire'], {
      connections: 20,
      limit: 5_000,
      killAfter: (text) => /retiring \d+/.test(text),
      more: 100,
    });
    const through = Number(/retiring (\d+)/.exec(out)![1]);
    const meta = JSON.parse(readFileSync(join(dataDir, 'webhook-log', 'log-meta.json'), 'utf8'));
    expect(meta.droppedThrough).toBe(through);
    // The dropped segments are still on disk: the kill came before their unlinks.
    expect(readdirSync(join(dataDir, 'webhook-log')).filter((f) => f.startsWith('seg-')).length).toBeGreaterThan(0);

    const options = { dataDir, segmentEvents: 40, retentionEvents: 400 };
    const reports: DamageReport[] = [];
    const b = await started({ ...options, damage: (r) => reports.push(r) });
    // The retired segments are moved aside and said once; at most a torn tail besides.
    const retired = reports.filter((r) => r.key === 'retired');
    expect(retired.length).toBeGreaterThan(0);
    expect(retired.every((r) => r.keptAs !== null)).toBe(true);
    expect(
      reports.filter((r) => r.key !== 'retired' && r.key !== 'torn' && !(r.key === 'empty' && r.count === null)),
    ).toEqual([]);
    // Every acknowledged event is either in the log or counted as retired (at or below the
    // summary's lastSeq, which the start's own retention may have moved on); the retired rows are
    // not read back as live ones.
    const lastDropped = JSON.parse(readFileSync(join(dataDir, 'webhook-log', 'log-meta.json'), 'utf8'))
      .lastSeq as number;
    expect(lastDropped).toBeGreaterThanOrEqual(meta.lastSeq);
    for (const [n, seq] of flood.acked)
      if (seq > lastDropped) expect(b.receiver.detail(seq)?.targetUuid, `event ${n}`).toBe(`cust-${n}`);
      else expect(b.receiver.detail(seq), `event ${n}`).toBeNull();
    expect(b.receiver.counters().verified).toBeGreaterThanOrEqual(flood.acked.size);
    expect(b.receiver.counters().verified).toBeLessThanOrEqual(flood.sent);
    const stored = b.receiver.page({}, 0, 100_000).rows;
    expect(new Set(stored.map((r) => r.targetUuid)).size).toBe(stored.length);
    // Everything sent, sent again: an acknowledged one is a repeat of its own number, retired or
    // not, and in the end every event is counted exactly once.
    await flood.sendAllAgain(b.url, 10);
    expect(b.receiver.counters().verified).toBe(flood.sent);
    await b.receiver.stop();
    // A third start finds nothing left to retire or repair.
    const later: DamageReport[] = [];
    const c = await started({ ...options, damage: (r) => later.push(r) });
    expect(later).toEqual([]);
    expect(c.receiver.counters().verified).toBe(flood.sent);
    await c.receiver.stop();
  }, 120_000);

  it('a log of format version 1 (test/fixtures/data-v1) opens, goes on with framed lines, and reopens whole', async () => {
    const dataDir = tempDir();
    copyFixture('workstation', dataDir);
    const webhooks = join(dataDir, 'webhooks');
    const segment = join(webhooks, 'webhook-log', 'seg-00000001.jsonl');
    const before = readFileSync(segment);
    expect(before[0]).toBe(0x7b); // a bare JSON line: version 1
    const now = fixtureClock();
    const options = { dataDir: webhooks, secret: manifest.webhookSecret, now };
    const a = await started(options);
    expect(a.receiver.page().total).toBe(manifest.workstation.rows);
    // The summary says this release's version before any framed line is written: an older release
    // leaves it alone.
    expect(JSON.parse(readFileSync(join(webhooks, 'webhook-log', 'log-meta.json'), 'utf8')).version).toBe(
      LOG_FORMAT.version,
    );
    const reply = await deliver(a.url, guest(1, new Date(now()).toISOString()), manifest.webhookSecret);
    expect(reply.status).toBe(200);
    const seq = reply.json!.seq as number;
    await a.receiver.stop();
    const after = readFileSync(segment);
    // The old lines as they were, the new one framed after them.
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(after[before.length]).toBe(0x1e);

    const reports: DamageReport[] = [];
    const b = await started({ ...options, damage: (r) => reports.push(r) });
    expect(reports).toEqual([]);
    expect(b.receiver.page().total).toBe(manifest.workstation.rows + 1);
    expect(b.receiver.counters()).toEqual({
      ...manifest.workstation.counters,
      received: manifest.workstation.counters.received + 1,
      verified: manifest.workstation.counters.verified + 1,
    });
    expect(b.receiver.detail(seq)!.targetUuid).toBe('cust-1');
    expect(b.receiver.detail(1)).not.toBeNull();
    await b.receiver.stop();
  });
});
