// A kiosk satellite whose clock disagrees with the hub's: the session the hub opens must end on
// one clock. The kiosk sets its own deadline from the lifetime the hub gives, so a kiosk running
// minutes ahead still punches online (the hub then judges the capture time by its own clock).
// Real hub over TLS, real satellite, its clock skewed through its `now` option.
import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_SESSION_MS } from '../../electron/core/labor/sessions';
import type { PunchReceipt, StaffSession } from '../../shared/labor';
import { tempDirs, waitUntil } from '../support';
import { testHubs, pairedKiosk, satelliteCall } from './hub-kit';

const hubs = testHubs();
const dirs = tempDirs('venue-skewed-kiosk-');
afterEach(() => dirs.removeAll());

describe('a kiosk whose clock runs ahead of the hub', () => {
  it('punches online with the session the hub opened, which ends on the kiosk’s own clock', async () => {
    const h = await hubs.hub();
    let ahead = 3 * 60_000;
    const kiosk = await pairedKiosk(h, dirs.make(), {
      retryMs: { first: 50, max: 200 },
      now: () => Date.now() + ahead,
    });
    hubs.later(() => kiosk.close());
    const call = <T>(channel: string, ...args: unknown[]) => satelliteCall<T>(kiosk, channel, ...args);
    await waitUntil(() => kiosk.status().link === 'connected');

    const staff = await call<StaffSession>('laborIdentify', { pin: '2222' });
    const receipt = await call<PunchReceipt>('laborPunch', staff.token, { action: 'punch-in', role: staff.roles[0] });
    // Sent to the hub at once with the hub's grant (not an offline punch); the capture time is
    // the kiosk's, more than 2 minutes ahead of the hub's clock, so a manager sees it.
    expect(receipt.waitingToSync).toBe(0);
    const manager = await h.app.handlers.laborIdentify({ pin: '9999' });
    const review = await h.app.handlers.hubReview(manager.token);
    expect(review.items).toEqual([
      expect.objectContaining({
        punchId: receipt.punchIds[0],
        userId: staff.userId,
        status: 'held',
        reasons: ['clock-ahead'],
      }),
    ]);

    // The session's end is the kiosk's own deadline: a staff session's life later, it is over.
    ahead += STAFF_SESSION_MS + 1_000;
    await expect(call('laborPunch', staff.token, { action: 'break-start' })).rejects.toMatchObject({
      kind: 'pin-required',
    });
  });
});
