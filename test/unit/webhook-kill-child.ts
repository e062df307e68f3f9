// Child process for webhook-crash.test.ts: the app's webhook receiver on the real disk, on port 0,
// with small segments (so sealed ones and their sidecars exist), until the parent kills it with
// SIGKILL. Prints "url <url>" once listening and "inflight 2" the first time two group writes are
// on their way to the disk at once, which the parent waits for before it kills.
import { nodeLogIo, type LogIo, WebhookReceiver } from '../../electron/core/webhooks';

const [dataDir, secret] = process.argv.slice(2);
let writing = 0;
let told = false;
const io: LogIo = {
  syncDir: nodeLogIo.syncDir,
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
const receiver = new WebhookReceiver({ dataDir, secret, port: 0, segmentEvents: 40, logIo: io });
const status = await receiver.start();
process.stdout.write(`url ${status.url}\n`);
