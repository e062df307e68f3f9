// What strangers can make the listener write: refused deliveries are kept as summaries under an
// hourly quota and counted past it, and the event log keeps to a disk budget, oldest first, with
// a notice before the budget is reached. Real HTTP on port 0, real files.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signBody, WebhookReceiver, type WebhookReceiverOptions } from '../../electron/core/webhooks';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { deliver, envelope, post, removeTempDirs, SECRET, TestClock, tempDir } from './webhook-fixtures';

afterAll(removeTempDirs);

const MIB = 1024 * 1024;

/** Bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

async function started(options: WebhookReceiverOptions): Promise<{ receiver: WebhookReceiver; url: string }> {
  const receiver = new WebhookReceiver({ secret: SECRET, ...options });
  const status = await receiver.start();
  return { receiver, url: status.url! };
}

/** Runs `work(n)` for n < count, `width` at a time. */
async function inParallel(count: number, width: number, work: (n: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

describe('refused deliveries', () => {
  it('1 000 refused 1 MiB deliveries grow the data folder by less than 5 MB, and every one is counted', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const a = await started({ dataDir, now: clock.now });
    const before = folderBytes(dataDir);
    const json = Buffer.alloc(MIB, 0x20);
    json.write('{"type":"OPEN_TAB","pad":"', 0);
    json.write('"}', MIB - 2);
    // Invalid UTF-8 throughout, correctly signed: refused as not JSON (it once cost text plus base64).
    const binary = Buffer.alloc(MIB, 0xff);
    const oversize = Buffer.alloc(MIB + 1, 0x20);
    const statuses = new Map<number, number>();
    await inParallel(1_000, 4, async (n) => {
      const kind = n % 3;
      let status: number;
      try {
        const reply =
          kind === 0
            ? await post(url(a), json, { 'X-Service-Signature': signBody(json, 'not-the-secret') })
            : kind === 1
              ? await post(url(a), binary, { 'X-Service-Signature': signBody(binary, SECRET) })
              : await post(url(a), oversize, { 'X-Service-Signature': signBody(oversize, SECRET) });
        status = reply.status;
      } catch {
        // A 413 closes the connection; the sender may see the reset before the answer.
        status = 413;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    expect(statuses.get(200)).toBeUndefined();
    await a.receiver.stop();
    const grown = folderBytes(dataDir) - before;
    console.log(
      `[figure] refused flood: 1 000 refused 1 MiB deliveries (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}) grew the data folder by ${(grown / 1e6).toFixed(2)} MB`,
    );
    expect(grown).toBeLessThan(5_000_000);

    // Counted, all of them, across a restart; 100 kept as summaries, the rest counted only.
    const b = await started({ dataDir, now: clock.now });
    expect(b.receiver.counters()).toMatchObject({ received: 1_000, rejected: 1_000, notKept: 900 });
    const rows = b.receiver.newest({}, 0, 200);
    expect(rows.total).toBe(100);
    const signed = rows.rows.find((r) => b.receiver.detail(r.seq)!.signature.result === 'mismatch')!;
    const detail = b.receiver.detail(signed.seq)!;
    expect(detail).toMatchObject({ bodyBytes: MIB, truncated: true, httpStatus: 401 });
    expect(detail.rawBody.length).toBe(4096);
    expect(detail.bodySha256).toBe(createHash('sha256').update(json).digest('hex'));
    expect(detail.headers['X-Service-Signature']).toBe(signBody(json, 'not-the-secret'));
    // Next hour, refused deliveries are kept again.
    clock.advance(3_600_000);
    expect((await deliver(b.url, '{"not json', 'forged')).status).toBe(401);
    expect(b.receiver.newest({}, 0, 200).total).toBe(101);
    await b.receiver.stop();
    // A gigabyte through loopback: the time is the volume, on a busy machine minutes.
  }, 600_000);
});

describe('the event log disk budget', () => {
  it('drops the oldest segments past the budget, and tells staff before it is reached', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const reports: DamageReport[] = [];
    const maxLogBytes = 100_000;
    const a = await started({ dataDir, now: clock.now, maxLogBytes, damage: (r) => reports.push(r) });
    const pad = 'x'.repeat(4_000);
    let noticedAt: number | null = null;
    for (let n = 0; n < 60; n++) {
      const reply = await deliver(
        a.url,
        envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}`, pad } }),
      );
      expect(reply.status).toBe(200);
      if (noticedAt === null && reports.some((r) => r.key === 'disk-budget')) {
        noticedAt = n;
        // The notice comes before anything was removed: the first event is still there.
        expect(a.receiver.page().rows[0].targetUuid).toBe('cust-0');
      }
    }
    expect(noticedAt).not.toBeNull();
    const notice = reports.find((r) => r.key === 'disk-budget')!;
    expect(notice).toMatchObject({ severity: 'warning', sentence: expect.stringMatching(/oldest events are removed/) });
    // Retention's files go once its summary is on disk, off the event loop (event-log.ts).
    await vi.waitFor(() => expect(folderBytes(join(dataDir, 'webhook-log'))).toBeLessThan(maxLogBytes + 30_000));
    // Oldest first: the newest are kept, the first are gone, and the counts still hold them all.
    const page = a.receiver.page({}, 0, 1_000);
    expect(page.rows[page.rows.length - 1].targetUuid).toBe('cust-59');
    expect(page.rows[0].targetUuid).not.toBe('cust-0');
    expect(a.receiver.counters()).toMatchObject({ received: 60, verified: 60 });
    await a.receiver.stop();
  }, 60_000);
});

function url(a: { url: string }): string {
  return a.url;
}
