// A backup taken while 1 000 signed deliveries a second arrive is one moment of the event log: the
// restored venue holds every event up to the backup's position, with the counts the log had then,
// and none of the events that landed while the backup was being written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { freePort, tempDirs, waitUntil } from '../support';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { makeBackup } from '../../electron/core/backup/make-backup';
import { restoreBackup } from '../../electron/core/backup/restore-backup';
import { BackupReader } from '../../electron/core/backup/backup-file';
import type { LogPosition } from '../../electron/core/webhooks/event-log';
import { BENCH_SECRET, signedDelivery } from '../../bench/envelopes';

const dirs = tempDirs('venue-backup-load-');
const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  dirs.removeAll();
});

async function venue(dataDir: string): Promise<App> {
  const app = await createApp({
    dataDir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    webhook: { port: await freePort(), secret: BENCH_SECRET },
    dailyBackups: false,
  });
  await app.start();
  undo.push(() => app.stop());
  return app;
}

/** Signed deliveries at `perSecond`, in slices of 20 ms, until stopped; counts what was answered 2xx. */
function deliverAt(url: string, perSecond: number) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let stopped = false;
  let answered = 0;
  let failed = 0;
  const send = () =>
    new Promise<void>((done) => {
      const { body, headers } = signedDelivery();
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode! < 300) answered += 1;
            else failed += 1;
            done();
          });
        },
      );
      req.on('error', () => ((failed += 1), done()));
      req.end(body);
    });
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    const started = Date.now();
    let sent = 0;
    while (!stopped) {
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
      for (; sent < due; sent++) {
        const p = send();
        inFlight.add(p);
        void p.then(() => inFlight.delete(p));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(inFlight);
  })();
  return {
    answered: () => answered,
    failed: () => failed,
    stop: async () => {
      stopped = true;
      await loop;
      agent.destroy();
    },
  };
}

async function manifestOf(file: string): Promise<{ position: LogPosition }> {
  const reader = BackupReader.open(file);
  try {
    return (await reader.next()) as unknown as { position: LogPosition };
  } finally {
    reader.close();
  }
}

it('a backup under 1 000 events/s restores to the counts of its position, none of the events after it', async () => {
  const dataDir = dirs.make();
  const app = await venue(dataDir);
  const url = app.webhooks.status().url!;
  const load = deliverAt(url, 1000);
  try {
    await waitUntil(() => load.answered() >= 1500, 30_000);
    const file = join(dirs.make(), 'venue.venue-backup');
    let atSnapshot = 0;
    const made = await makeBackup(
      { dataDir, secrets: null, logPosition: () => app.webhooks.logPosition() },
      {
        file,
        key: null,
        // Deliveries go on landing after the moment was taken and before its segments are read.
        afterSnapshot: async () => {
          atSnapshot = app.webhooks.counters().received;
          await waitUntil(() => app.webhooks.counters().received >= atSnapshot + 300, 30_000);
        },
      },
    );
    await waitUntil(() => load.answered() >= 3500, 30_000);
    await load.stop();
    expect(load.failed()).toBe(0);

    const { position } = await manifestOf(file);
    expect(made.events).toEqual({ lastSeq: position.lastSeq, rows: position.rows });
    expect(position.rows).toBeGreaterThanOrEqual(1500);
    const final = app.webhooks.logPosition()!;
    // The source kept receiving: more events than the backup holds.
    expect(final.lastSeq).toBeGreaterThanOrEqual(position.lastSeq + 300);
    await app.stop();
    undo.pop();

    const restoredDir = join(dirs.make(), 'restored');
    await restoreBackup({ file, dataDir: restoredDir, passphrase: null, withoutSecrets: true });
    // Each restored segment is the source's, cut at the backup's position.
    for (const segment of position.segments) {
      const restored = readFileSync(join(restoredDir, 'webhooks', 'webhook-log', segment.name));
      const source = readFileSync(join(dataDir, 'webhooks', 'webhook-log', segment.name));
      expect(restored.length).toBe(segment.bytes);
      expect(restored.equals(source.subarray(0, segment.bytes))).toBe(true);
    }
    const again = await venue(restoredDir);
    const reopened = again.webhooks.logPosition()!;
    expect(reopened.counters).toEqual(position.counters);
    expect(reopened.rows).toBe(position.rows);
    expect(reopened.lastSeq).toBe(position.lastSeq);
    // Counted as the source counted them up to that event, and no further.
    expect(reopened.counters.received).toBeLessThan(final.counters.received);
  } finally {
    await load.stop();
  }
}, 120_000);
