// The dedupe keys of rows retention removed, one file per step (key-files.ts): a log of format
// version 2 that carried them inline in log-meta.json opens and keeps them; a file left above the
// summary's droppedThrough by a stop between the two is removed at start; an unreadable one is
// moved aside and said, and the log goes on.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { WebhookReceiver } from '../../electron/core/webhooks';
import { LOG_FORMAT } from '../../electron/core/webhooks/log-meta';
import { deliver, envelope, removeTempDirs, SECRET, T0, tempDir } from './webhook-fixtures';

afterAll(removeTempDirs);

const FIXTURE = join(import.meta.dirname, '../fixtures/log-v2-carried');
const guest = (n: number) => envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}` } });
const logDir = (dataDir: string) => join(dataDir, 'webhook-log');
const keyFiles = (dataDir: string) => readdirSync(logDir(dataDir)).filter((n) => /^keys-\d+\.json$/.test(n));
const meta = (dataDir: string) => JSON.parse(readFileSync(join(logDir(dataDir), 'log-meta.json'), 'utf8'));

async function started(dataDir: string, damage?: (r: DamageReport) => void) {
  const receiver = new WebhookReceiver({
    dataDir,
    secret: SECRET,
    now: () => T0,
    segmentEvents: 10,
    retentionEvents: 20,
    damage,
  });
  const status = await receiver.start();
  return { receiver, url: status.url! };
}

describe('key files', () => {
  it('a version 2 log with its keys inline opens, remembers them, and carries later keys in files', async () => {
    const dataDir = tempDir();
    cpSync(FIXTURE, dataDir, { recursive: true });
    const before = meta(dataDir);
    expect(before.version).toBe(2);
    expect(before.carriedKeys).toHaveLength(30);
    const reports: DamageReport[] = [];
    const a = await started(dataDir, (r) => reports.push(r));
    expect(reports).toEqual([]);
    expect(meta(dataDir).version).toBe(LOG_FORMAT.version);
    // Rows 1..30 were removed by the older release: a retry of each is still the same event.
    for (const n of [0, 17, 29])
      expect((await deliver(a.url, guest(n))).json).toMatchObject({ duplicate: true, seq: n + 1 });
    // More events: the next steps carry their keys in files; the inline ones stay as they were.
    for (let n = 45; n < 75; n++) expect((await deliver(a.url, guest(n))).status).toBe(200);
    await a.receiver.stop();
    expect(keyFiles(dataDir).length).toBeGreaterThan(0);
    expect(meta(dataDir).carriedKeys).toEqual(before.carriedKeys);
    const b = await started(dataDir);
    for (const n of [0, 29, 30, 45, 50])
      expect((await deliver(b.url, guest(n))).json).toMatchObject({ duplicate: true });
    expect(b.receiver.counters().verified).toBe(75);
    await b.receiver.stop();
  });

  it('a key file above the summary (a stop between the two) is removed; an unreadable one is moved aside and said', async () => {
    const dataDir = tempDir();
    const a = await started(dataDir);
    for (let n = 0; n < 45; n++) await deliver(a.url, guest(n));
    await a.receiver.stop();
    const files = keyFiles(dataDir).sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    const through = meta(dataDir).droppedThrough as number;
    // Left by a stop after the file and before its summary: its rows are still in the log.
    const orphan = `keys-${String(through + 1).padStart(8, '0')}.json`;
    writeFileSync(join(logDir(dataDir), orphan), JSON.stringify({ version: 1, keys: [['k-left', 999, T0]] }));
    // The oldest step's file is cut short.
    const damaged = join(logDir(dataDir), files[0]);
    writeFileSync(damaged, readFileSync(damaged).subarray(0, 40));
    const reports: DamageReport[] = [];
    const b = await started(dataDir, (r) => reports.push(r));
    expect(existsSync(join(logDir(dataDir), orphan))).toBe(false);
    expect(reports.map((r) => [r.key, r.path])).toEqual([['keys', damaged]]);
    expect(reports[0].keptAs).not.toBeNull();
    expect(reports[0].sentence).toMatch(/stored again/);
    // The next step's keys still count (rows 11..20); the cut file's rows (1..10) would be stored
    // again, as its notice says; the events in the log are all there.
    expect((await deliver(b.url, guest(15))).json).toMatchObject({ duplicate: true, seq: 16 });
    expect((await deliver(b.url, guest(5))).json).not.toMatchObject({ duplicate: true });
    expect(b.receiver.counters().verified).toBe(46);
    await b.receiver.stop();
  });
});
