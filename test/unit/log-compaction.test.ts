// The append logs of punches are compacted, so a venue's first year does not grow them without
// end: the kiosk's queue (satellite-punches.log), the outbox (labor-outbox.log) and the hub's
// forwarded-punch ids (hub/forwarded-punches.log). After many delivered punches each file is
// smaller, and what is still needed (waiting punches, a recent id sent again) is still there.
// Real files; the hub's through the whole core and a paired kiosk over TLS.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KIOSK_QUEUE_FILE, KIOSK_QUEUE_ANSWERED_KEPT, KioskQueue } from '../../electron/core/labor/kiosk-queue';
import { COMPACT_AFTER_LINES, FILE as OUTBOX_FILE, Outbox } from '../../electron/core/labor/outbox';
import { FORWARDED_LOG } from '../../electron/core/hub/forwarded-log';
import type { Punch } from '../../electron/core/labor/punch';
import type { ForwardedPunch } from '../../shared/hub';
import type { StaffSession } from '../../shared/labor';
import { tempDir } from './labor-test-kit';
import { HubLink, ok, pairDevice, removeDir, startTestHub, type TestHub } from './hub-kit';

const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});

function folder(): string {
  const dir = tempDir('venue-log-compaction-');
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const linesOf = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).length;

const queued = (n: number): ForwardedPunch => ({
  punchId: randomUUID(),
  userId: '2004',
  action: n % 2 === 0 ? 'punch-in' : 'punch-out',
  capturedAt: 1_000 + n,
  offline: true,
});

describe("a kiosk's punch queue (satellite-punches.log)", () => {
  it('keeps only the punches still waiting once many were answered, across a restart too', () => {
    const dir = folder();
    const queue = new KioskQueue(dir, Date.now);
    // Two taken while the hub was away, never answered: they must survive everything below.
    const waiting = [queued(0), queued(1)];
    for (const p of waiting) queue.add(p);
    const delivered = 600;
    for (let n = 2; n < delivered + 2; n++) {
      const p = queued(n);
      queue.add(p);
      expect(queue.settle(p.punchId, { status: 'accepted' })).toBe(true);
    }
    // Without compaction the file would hold 2 + 2 × 600 lines.
    const lines = linesOf(join(dir, KIOSK_QUEUE_FILE));
    expect(lines).toBeLessThanOrEqual(waiting.length + 2 * KIOSK_QUEUE_ANSWERED_KEPT);
    expect(queue.oldest(10)).toEqual(waiting);
    queue.close();

    const again = new KioskQueue(dir, Date.now);
    expect(again.oldest(10)).toEqual(waiting);
    expect(linesOf(join(dir, KIOSK_QUEUE_FILE))).toBe(waiting.length);
    again.close();
  });
});

let made = 0;
function shift(kind: Punch['kind'], capturedAt: number): Omit<Punch, 'seq'> {
  made += 1;
  return {
    id: `punch-${made}`,
    kind,
    locationUuid: 'loc',
    userId: '2004',
    name: 'Jordan Bartender',
    capturedAt,
    role: 'bartender',
    roleUuid: null,
    shift: kind === 'shift-start' ? { local: `shift-${made}` } : { uuid: `entry-${made - 1}` },
    brk: null,
    breakType: null,
    declaredTips: kind === 'shift-end' ? 0 : null,
  };
}

describe('the outbox (labor-outbox.log)', () => {
  it('shrinks while the app runs as punches are delivered; a punch captured recently is still known', () => {
    const dir = folder();
    // A kiosk that runs for weeks without a restart: a punch every 20 minutes, each delivered.
    let now = Date.UTC(2026, 0, 5, 9);
    const outbox = new Outbox({ dir, now: () => now, settleAfterAttemptMs: 1_000 });
    undo.push(() => outbox.close());
    const ids: string[] = [];
    const delivered = 1_500;
    for (let n = 0; n < delivered; n++) {
      now += 20 * 60_000;
      const [p] = outbox.capture([shift(n % 2 === 0 ? 'shift-start' : 'shift-end', now)]);
      outbox.markAttempt(p.id);
      outbox.markDone(p.id, p.kind === 'shift-start' ? `entry-${n}` : null);
      ids.push(p.id);
    }
    // 3 lines a punch: 4 500 without compaction; at most twice what is live plus the minimum with it.
    const lines = linesOf(join(dir, OUTBOX_FILE));
    expect(lines).toBeLessThan(COMPACT_AFTER_LINES + 2 * 3 * 110);
    // The last hours' punches are kept, so the same id sent again is recognised (the first
    // capture's receipt); one from weeks ago is not needed any more.
    expect(outbox.has(ids.at(-1)!)).toBe(true);
    expect(outbox.has(ids.at(-100)!)).toBe(true);
    expect(outbox.has(ids[0])).toBe(false);
  });
});

describe("the hub's forwarded-punch ids (hub/forwarded-punches.log)", () => {
  async function hub(dir: string | undefined, keep: number): Promise<TestHub> {
    const h = await startTestHub(dir, 0, {}, { forwardedPunchesKept: keep });
    undo.push(() => h.stop());
    return h;
  }

  it('keeps the newest ids at the next start: the file shrinks, and a recent resend is a duplicate', async () => {
    const keep = 20;
    const first = await hub(undefined, keep);
    undo.push(() => removeDir(first.dataDir));
    const kiosk = await HubLink.open(await pairDevice(first, 'kiosk', 'Door'));
    undo.push(() => kiosk.close());
    const sent: ForwardedPunch[] = [];
    for (let n = 0; n < 3 * keep; n++) {
      // One PIN entry records one punch (punch-grants.ts).
      const jordan = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
      const p: ForwardedPunch = {
        punchId: randomUUID(),
        userId: '2004',
        action: n % 2 === 0 ? 'punch-in' : 'punch-out',
        capturedAt: Date.now(),
        grant: jordan.punchGrant!,
      };
      expect(await ok(kiosk.deviceRequest('hubForwardPunch', [p])), `punch ${n}`).toEqual({ status: 'accepted' });
      sent.push(p);
    }
    const path = join(first.dataDir, 'hub', FORWARDED_LOG);
    // Trimmed while running: past 2 × keep the file was cut to the newest keep, then grew again.
    expect(linesOf(path)).toBe(keep + (3 * keep - 2 * keep - 1));
    kiosk.close();
    await first.stop();
    // Another hub's longer file (written before trimming ran live): cut at the next start.
    writeFileSync(path, `${sent.map((p) => JSON.stringify({ id: p.punchId })).join('\n')}\n`);

    // Started again: only the newest `keep` ids are in the file.
    const second = await hub(first.dataDir, keep);
    expect(linesOf(path)).toBe(keep);
    const link = await HubLink.open(await pairDevice(second, 'kiosk', 'Door again'));
    undo.push(() => link.close());
    const recent = sent.at(-1)!;
    expect(await ok(link.deviceRequest('hubForwardPunch', [recent]))).toEqual({ status: 'duplicate' });
    expect(readFileSync(path, 'utf8')).toContain(sent.at(-keep)!.punchId);
    expect(readFileSync(path, 'utf8')).not.toContain(sent[0].punchId);
  });

  it('is trimmed while the hub runs, by the same rule, and a punch still needed is a duplicate', async () => {
    const keep = 10;
    const h = await hub(undefined, keep);
    undo.push(() => removeDir(h.dataDir));
    const kiosk = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
    undo.push(() => kiosk.close());
    const path = join(h.dataDir, 'hub', FORWARDED_LOG);
    const sent: ForwardedPunch[] = [];
    let longest = 0;
    let onShift = false;
    for (let n = 0; n < 5 * keep; n++) {
      const jordan = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
      const p: ForwardedPunch = {
        punchId: randomUUID(),
        userId: '2004',
        action: onShift ? 'punch-out' : 'punch-in',
        capturedAt: Date.now(),
        // Every third one carries no proof: refused, and its refusal is a line to keep too.
        ...(n % 3 === 2 ? {} : { grant: jordan.punchGrant! }),
      };
      const outcome = await ok<{ status: string }>(kiosk.deviceRequest('hubForwardPunch', [p]));
      expect(outcome.status, `punch ${n}`).toBe(n % 3 === 2 ? 'refused' : 'accepted');
      if (n % 3 !== 2) onShift = !onShift;
      sent.push(p);
      longest = Math.max(longest, linesOf(path));
    }
    // Never past twice what is kept, without a restart.
    expect(longest).toBe(2 * keep);
    expect(linesOf(path)).toBeLessThanOrEqual(2 * keep);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(sent[0].punchId);
    // The newest `keep` lines are all there, a refusal with its reason.
    for (const p of sent.slice(-keep)) expect(text).toContain(p.punchId);
    expect(text).toContain(`"refused"`);
    // A resend of a recent one, accepted or refused, is still answered as already answered.
    for (const p of sent.slice(-3))
      expect(await ok(kiosk.deviceRequest('hubForwardPunch', [p]))).toEqual({ status: 'duplicate' });
  });
});
