// Child process for webhook-crash.test.ts: the app's webhook receiver on the real disk, on port 0,
// with small segments (so sealed ones and their sidecars exist), until the parent kills it with
// SIGKILL. Prints "url <url>" once listening and "inflight 2" the first time two group writes are
// on their way to the disk at once, which the parent waits for before it kills.
// Mode "retire" (third argument): a small retention budget, and the first retention step whose
// summary (log-meta.json) is already in place stops at its directory sync, before the old
// segments are unlinked, and prints "retiring <droppedThrough>": the parent kills it there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeLogIo, type LogIo, WebhookReceiver } from '../../electron/core/webhooks';

const [dataDir, secret, mode] = process.argv.slice(2);
const retire = mode === 'retire';
let writing = 0;
let told = false;
let held = false;

/** The summary's droppedThrough on disk (0 before the first retention step). */
function droppedThrough(): number {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'webhook-log', 'log-meta.json'), 'utf8')).droppedThrough ?? 0;
  } catch {
    return 0;
  }
}
const startedThrough = droppedThrough();

const io: LogIo = {
  async syncDir(dir) {
    // The summary is renamed in the same turn as this call (event-log.ts retireInBackground), so a
    // changed droppedThrough here first is the retention step's own sync, not a new segment's; a
    // new segment's sync after it goes through, so appends go on while the step is held.
    if (retire && !held && droppedThrough() > startedThrough) {
      held = true;
      process.stdout.write(`retiring ${droppedThrough()}\n`);
      await new Promise(() => {});
    }
    return nodeLogIo.syncDir(dir);
  },
  async openAppend(path) {
    const file = await nodeLogIo.openAppend(path);
    return {
      size: () => file.size(),
      writeAt: async (data, position) => {
        writing += 1;
        if (writing >= 2 && !told) {
          told = true;
          process.stdout.write('inflight 2\n');
        }
        try {
          await file.writeAt(data, position);
        } finally {
          writing -= 1;
        }
      },
      sync: () => file.sync(),
      truncate: (n) => file.truncate(n),
      close: () => file.close(),
    };
  },
};
const receiver = new WebhookReceiver({
  dataDir,
  secret,
  port: 0,
  segmentEvents: 40,
  logIo: io,
  ...(retire ? { retentionEvents: 400 } : {}),
});
const status = await receiver.start();
process.stdout.write(`url ${status.url}\n`);
