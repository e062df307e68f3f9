// Issue 13: a Wi-Fi drop is not a closed socket. Between the kiosk satellite and the hub sits a
// TCP relay that, on cue, silently stops carrying bytes on the open connections (nothing closes).
// The satellite's heartbeat must notice, take the punch into its queue, and deliver it once the
// network carries bytes again.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { startSatellite } from '../../electron/host/satellite';
import type { PunchReceipt, StaffSession } from '../../shared/labor';
import { allowedCode, removeDir, startTestHub } from './hub-kit';
import { waitUntil, tempDirs } from '../support';
import { tcpRelay } from '../support/tcp-relay';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-satellite-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

async function call<T>(s: { handlers: unknown }, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers as never, channel, args);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result as T;
}

describe('a Wi-Fi drop between the kiosk and the hub', () => {
  it('is noticed by the heartbeat; the punch waits in the queue and lands once after', async () => {
    const h = await startTestHub();
    cleanups.push(
      () => removeDir(h.dataDir),
      () => h.stop(),
    );
    const net = await tcpRelay(Number(new URL(h.url).port));
    cleanups.push(() => net.close());
    const dir = dirs.make();
    const kiosk = await startSatellite({
      dataDir: dir,
      hubUrl: `127.0.0.1:${net.port}`,
      pairCode: allowedCode(h.app, 'kiosk'),
      deviceName: 'Door',
      retryMs: { first: 50, max: 200 },
    });
    cleanups.push(() => kiosk.close());
    await call(kiosk, 'laborView');
    await waitUntil(() => h.hub.view().devices[0]?.online === true);

    net.drop();
    await waitUntil(() => kiosk.status().link !== 'connected', 20_000);
    // The hub notices too: no pong, so the kiosk is no longer shown online.
    await waitUntil(() => h.hub.view().devices[0].online === false, 20_000);
    const session = await call<StaffSession>(kiosk, 'laborIdentify', { pin: '2222' });
    const receipt = await call<PunchReceipt>(kiosk, 'laborPunch', session.token, {
      action: 'punch-in',
      role: session.roles[0],
    });
    expect(kiosk.status().waitingPunches).toBe(1);
    expect(h.app.labor.rowFor('2004')).toBeNull();
    net.restore();
    await waitUntil(() => kiosk.status().link === 'connected' && kiosk.status().waitingPunches === 0, 20_000);
    // Taken offline: the hub holds it for a manager, who approves it once.
    expect(h.app.labor.rowFor('2004')).toBeNull();
    const manager = await h.app.handlers.laborIdentify({ pin: '9999' });
    const [held] = (await h.app.handlers.hubReview(manager.token)).items;
    expect(held).toMatchObject({ punchId: receipt.punchIds[0], status: 'held', reasons: ['offline'] });
    await h.app.handlers.hubReviewDecide(manager.token, held.punchId, { decision: 'approve' });
    expect(h.app.labor.rowFor('2004')).not.toBeNull();
    expect(receipt.punchIds).toHaveLength(1);
  }, 60_000);
});
