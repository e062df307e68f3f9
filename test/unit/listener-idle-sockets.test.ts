// Idle sockets cannot keep the service's deliveries out of the webhook listener: one local process
// holding as many connections as one address may have, each connecting again as soon as it is
// closed, leaves every signed delivery answered, because a connection that has not sent a byte
// makes room for one that has something to say; and one that sends nothing is closed after the
// first-byte limit. The real listener on 127.0.0.1 port 0.
import { connect } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebhookReceiver, type WebhookReceiverOptions } from '../../electron/core/webhooks';
import { LISTENER_LIMITS } from '../../electron/core/net/connection-cap';
import { idleSockets, type IdleSockets } from '../support';
import { deliver, envelope, removeTempDirs, SAMPLES, SECRET, TestClock, tempDir } from './webhook-fixtures';

const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});
afterAll(removeTempDirs);

async function listener(options: Partial<WebhookReceiverOptions> = {}): Promise<{ url: string; port: number }> {
  const receiver = new WebhookReceiver({ secret: SECRET, now: new TestClock().now, ...options, dataDir: tempDir() });
  const status = await receiver.start();
  undo.push(() => receiver.stop());
  return { url: status.url!, port: Number(new URL(status.url!).port) };
}

describe('idle sockets at the webhook listener', () => {
  it(`${LISTENER_LIMITS.perAddress} idle sockets from one address, reconnecting as they are closed, leave 20 of 20 signed deliveries answered`, async () => {
    const { url, port } = await listener();
    const idle: IdleSockets = idleSockets(port, LISTENER_LIMITS.perAddress);
    undo.push(() => idle.stop());
    await idle.ready;
    const statuses: (number | string)[] = [];
    for (let n = 0; n < 20; n++) {
      const event = envelope('OPEN_TAB', { ...SAMPLES.OPEN_TAB, targetUuid: `tab-idle-${n}` });
      statuses.push(
        await deliver(url, event).then(
          (reply) => reply.status,
          (error: Error) => error.message,
        ),
      );
    }
    const answered = statuses.filter((s) => s === 200).length;
    console.log(
      `[figure] idle sockets: ${LISTENER_LIMITS.perAddress} idle sockets from 127.0.0.1 held (reconnected ${idle.reconnects()} times), ${answered} of 20 signed deliveries answered 200`,
    );
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it('closes a connection that sends nothing within the first-byte limit, and not one that has spoken', async () => {
    const { port } = await listener({ connectionLimits: { firstByteMs: 300 } });
    const open = (bytes: string | null) =>
      new Promise<{ closed: Promise<number> }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        undo.push(() => void socket.destroy());
        const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
        socket.once('connect', () => {
          if (bytes) socket.write(bytes);
          resolve({ closed });
        });
      });
    // Half a request line: it has spoken, and the headers limit (10 s), not this one, applies to it.
    let spokenClosed = false;
    const spoken = await open('POST /webhooks HTTP/1.1\r\n');
    void spoken.closed.then(() => (spokenClosed = true));
    const started = Date.now();
    const silent = await open(null);
    const closedAt = await silent.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(250);
    expect(spokenClosed).toBe(false);
  });
});
