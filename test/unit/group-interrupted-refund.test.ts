// A hub in a group killed (SIGKILL) while a refund was still with the service (the sandbox holds
// its answer back): the service did the refund, the hub's ledger holds only its start. At the next
// start, with no one pressing anything, the hub settles it by a read (the service's
// PAYMENT_REFUNDED, delivered again once the hub listens), never a second write, and publishes it:
// the office shows it once, with its approver; "Check again" answers the same refund.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createControlClient } from '../../electron/sandbox/control-client';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { DEMO_ACCESS_ID } from '../../electron/sandbox';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { leftBehindPid } from '../../electron/core/group/leaf-link';
import type { RunningOffice } from '../../electron/office/office';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort, tempDirs } from '../support';
import { hostCall, hostCliSuite } from '../support/host-cli-suite';
import type { CliProcess } from '../support/cli-process';
import { eventually, groupSetup, startTestOffice, type Venue } from './group-kit';
import { HARBOUR } from './tabs-kit';

const suite = hostCliSuite('venue-group-interrupted-', 'group interrupted refund');
const dirs = tempDirs('venue-group-interrupted-office-');
const SECRET = 'whsec-interrupted';
let office: RunningOffice;
let venue: Venue;
let dataDir = '';
const hosts: CliProcess[] = [];

beforeAll(async () => {
  const officeDir = dirs.make();
  [venue] = await groupSetup(officeDir, 1, ['harbour']);
  office = await startTestOffice(officeDir);
}, 60_000);

afterAll(async () => {
  for (const h of hosts) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
  const pid = dataDir ? leftBehindPid(join(dataDir, 'group', 'leaf.pid'), join(dataDir, 'group', 'leaf.conf')) : null;
  if (pid !== null) process.kill(pid, 'SIGTERM');
  await office?.stop();
  dirs.removeAll();
});

async function host(webhookPort: number, secretFile: string) {
  const p = suite.run([
    '--port',
    String(await freePort()),
    '--webhook-port',
    String(webhookPort),
    '--webhook-secret-file',
    secretFile,
    '--data-dir',
    dataDir,
    '--service-url',
    suite.sandbox.baseUrl,
  ]);
  hosts.push(p);
  await p.printed((out) => /ready at /.test(out));
  const url = new URL(/ready at (\S+)/.exec(p.out())![1]);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { p, url, cookie };
}

const refundRows = async (requestId: string) =>
  (
    await office.store.query<{ state: string; amount: unknown; approved_by_name: string | null }>(
      'select state, amount, approved_by_name from office_refunds where venue_id = $1 and request_id = $2',
      ['harbour', requestId],
    )
  ).map((r) => ({ state: r.state, amount: Number(r.amount), approvedBy: r.approved_by_name }));

describe('a hub killed while a refund is with the service', () => {
  it('settles it by a read at the next start and publishes it once; one refund on the service', async () => {
    dataDir = join(suite.dir, 'hub');
    saveGroupJoin(dataDir, venue.joinText);
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

    const first = await host(webhookPort, secretFile);
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

    const second = await host(webhookPort, secretFile);
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
      const admin = await connect({
        servers: `127.0.0.1:${office.config.nodes[0].clientPort}`,
        user: 'admin',
        pass: office.config.adminPassword,
      });
      try {
        const info = await (
          await jetstreamManager(admin)
        ).streams.info('GROUP', { subjects_filter: 'venue.harbour.tabs.refund' });
        expect(info.state.subjects).toEqual({ 'venue.harbour.tabs.refund': 1 });
      } finally {
        await admin.close();
      }
      const applied = await office.store.query(
        "select msg_id from office_applied where model = 'refunds' and venue_id = 'harbour'",
      );
      expect(applied).toEqual([{ msg_id: `refund:${press}:accepted` }]);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 150_000);
});
