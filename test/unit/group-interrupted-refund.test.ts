// A hub in a group killed (SIGKILL) while a refund was still with the service (the sandbox holds
// its answer back): the service did the refund, the hub's ledger holds only its start. At the next
// start, with no one pressing anything, the hub settles it by a read (the service's
// PAYMENT_REFUNDED, delivered again once the hub listens), never a second write, and publishes it:
// the office shows it once, with its approver; "Check again" answers the same refund.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { DEMO_ACCESS_ID } from '../../electron/sandbox';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort } from '../support';
import { hostCall } from '../support/host-cli-suite';
import { eventually } from './group-kit';
import { groupCrashSuite } from './group-crash-kit';
import { HARBOUR } from './tabs-kit';

const group = groupCrashSuite('group-interrupted', 'group interrupted refund');
const { suite, host, refundRows } = group;
const SECRET = 'whsec-interrupted';

describe('a hub killed while a refund is with the service', () => {
  it('settles it by a read at the next start and publishes it once; one refund on the service', async () => {
    group.joinHub();
    const secretFile = join(suite.dir, 'webhook-secret.txt');
    writeFileSync(secretFile, `${SECRET}\n`);
    const webhookPort = await freePort();
    const control = createControlClient(suite.sandbox.baseUrl);
    await createWebhookControlClient(suite.sandbox.baseUrl).registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: `http://127.0.0.1:${webhookPort}/webhooks`,
      eventTypes: ['OPEN_TAB', 'ITEM_ADDED', 'ORDER_PLACED', 'CLOSE_TAB', 'PAYMENT_REFUNDED'],
      secret: SECRET,
    });

    const first = await host({ webhookPort, webhookSecretFile: secretFile });
    expect(await hostCall(first, 'subscribeLocations', [HARBOUR.uuid], 'integration')).toMatchObject({ ok: true });
    expect(await hostCall(first, 'tabsSetLocation', HARBOUR)).toMatchObject({ ok: true });
    for (const family of ['sent', 'answers', 'numbers'])
      expect(await hostCall(first, 'tabsSetMoneyUnit', family, 'cents')).toMatchObject({ ok: true });
    expect(await hostCall(first, 'laborSetupManager', { userId: '2001', name: 'Alex', pin: '8642' })).toMatchObject({
      ok: true,
    });
    const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });
    const refunds = () => [...suite.sandbox.world.tabs.refunds.values()];
    const before = refunds().length;

    // The refund reaches the sandbox, which holds its answer back; the hub is killed meanwhile.
    await control.addFault({ route: 'POST /api/loc/:location/tabs/:tab/refund', mode: 'delay', delayMs: 1_500 });
    const press = rid();
    const input = { managerPin: '8642', amount: 120, reason: 'Wrong drink' };
    const asked = hostCall(first, 'tabRefund', closed[0], input, press);
    await eventually(async () => expect((await control.faults()).faults).toEqual([]));
    first.p.child.kill('SIGKILL');
    expect(await asked).toBe('closed without an answer');
    await first.p.exited;
    // The service did it after the hub was gone; its PAYMENT_REFUNDED found nobody listening.
    await eventually(() => expect(refunds().length).toBe(before + 1));
    expect(await refundRows(press)).toEqual([]);

    const second = await host({ webhookPort, webhookSecretFile: secretFile });
    try {
      // The event's next try (30 s later on the service's clock) reaches the new start.
      await control.advanceClock(31);
      await eventually(
        async () => expect(await refundRows(press)).toEqual([{ state: 'accepted', amount: 120, approvedBy: 'Alex' }]),
        40_000,
      );
      // "Check again" (the same press) answers the settled refund by reading; nothing is written again.
      const [done] = refunds().slice(before);
      expect(await hostCall(second, 'tabRefund', closed[0], input, press)).toMatchObject({
        ok: true,
        result: { ok: true, amount: 120, refundPaymentId: String(done.id) },
      });
      expect(refunds().length).toBe(before + 1);
      // Once in head office's stream, once in the office.
      await group.expectPublishedOnce(press);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 150_000);
});
