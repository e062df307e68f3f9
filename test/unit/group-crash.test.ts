// A hub in a group killed (SIGKILL) right after a refund's answer is on disk and before it is
// published: the refund lived in memory only until the venue's stream confirmed it. After a
// restart, with no one pressing anything again, the hub publishes it from its request ledger, and
// the office shows it once, with its approver. Real processes: the headless host as a child
// (VENUE_FAULT_KILL_AFTER_RECORD kills it at that one moment), its leaf node, head office's
// nats-server; the killed hub's leaf node, left running, is stopped by the next start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createControlClient } from '../../electron/sandbox/control-client';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { leftBehindPid } from '../../electron/core/group/leaf-link';
import type { RunningOffice } from '../../electron/office/office';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort, tempDirs } from '../support';
import { hostCall, hostCliSuite } from '../support/host-cli-suite';
import type { CliProcess } from '../support/cli-process';
import { eventually, groupSetup, startTestOffice, type Venue } from './group-kit';
import { HARBOUR } from './tabs-kit';

const suite = hostCliSuite('venue-group-crash-', 'group crash');
const dirs = tempDirs('venue-group-crash-office-');
let office: RunningOffice;
let venue: Venue;
let dataDir = '';
/** Every host this test started, so a run that fails or times out leaves none behind. */
const hosts: CliProcess[] = [];
const leafPid = () => leftBehindPid(join(dataDir, 'group', 'leaf.pid'), join(dataDir, 'group', 'leaf.conf'));

beforeAll(async () => {
  const officeDir = dirs.make();
  [venue] = await groupSetup(officeDir, 1, ['harbour']);
  office = await startTestOffice(officeDir);
}, 60_000);

afterAll(async () => {
  // A leaf node this test's hubs left running (a failed run) is ended by its own pid.
  for (const h of hosts) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
  const pid = dataDir ? leafPid() : null;
  if (pid !== null) process.kill(pid, 'SIGTERM');
  await office?.stop();
  dirs.removeAll();
});

async function host(env: Record<string, string> = {}) {
  const p = suite.run(
    [
      '--port',
      String(await freePort()),
      '--webhook-port',
      String(await freePort()),
      '--data-dir',
      dataDir,
      '--service-url',
      suite.sandbox.baseUrl,
    ],
    env,
  );
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

/**
 * Whether a process still runs. The killed hub's leaf node is an orphan: where nobody reaps
 * orphans (a container whose first process does not), a stopped one stays a zombie, which
 * `kill(pid, 0)` still finds; its /proc state says Z.
 */
function stillRunning(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
describe('a hub killed between a refund’s answer and its publish', () => {
  it('publishes the refund from its ledger after a restart; the office shows it once', async () => {
    dataDir = join(suite.dir, 'hub');
    saveGroupJoin(dataDir, venue.joinText);
    const control = createControlClient(suite.sandbox.baseUrl);
    const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });

    const first = await host({ VENUE_FAULT_KILL_AFTER_RECORD: 'tabRefund' });
    expect(await hostCall(first, 'tabsSetLocation', HARBOUR)).toMatchObject({ ok: true });
    for (const family of ['sent', 'answers', 'numbers'])
      expect(await hostCall(first, 'tabsSetMoneyUnit', family, 'cents')).toMatchObject({ ok: true });
    expect(await hostCall(first, 'laborSetupManager', { userId: '2001', name: 'Alex', pin: '8642' })).toMatchObject({
      ok: true,
    });
    const press = rid();
    const input = { managerPin: '8642', amount: 120, reason: 'Wrong drink' };
    expect(await hostCall(first, 'tabRefund', closed[0], input, press)).toBe('closed without an answer');
    expect(await first.p.exited).toBeNull();
    expect(first.p.child.signalCode).toBe('SIGKILL');
    // Its leaf node outlives it; the refund never reached the publisher.
    const leftBehind = leafPid();
    expect(leftBehind).not.toBeNull();
    expect(await refundRows(press)).toEqual([]);

    const second = await host();
    try {
      // The new start found the leaf node left behind and stopped it. (Left alone, it would end at
      // its next log line, its stderr gone with the hub: sooner or later, so the start does not wait.)
      await eventually(() =>
        expect(second.p.err()).toContain(`stopping the leaf node a previous run left running (pid ${leftBehind})`),
      );
      await eventually(
        async () => expect(await refundRows(press)).toEqual([{ state: 'accepted', amount: 120, approvedBy: 'Alex' }]),
        40_000,
      );
      // The leaf node left behind was stopped; the new start runs its own.
      expect(leafPid()).not.toBe(leftBehind);
      await eventually(() => expect(stillRunning(leftBehind!)).toBe(false));
      // Once in head office's stream, once in the office.
      const admin = await connect({
        servers: `127.0.0.1:${office.config.nodes[0].clientPort}`,
        user: 'admin',
        pass: office.config.adminPassword,
      });
      try {
        const info = await (
          await jetstreamManager(admin)
        ).streams.info('GROUP', {
          subjects_filter: 'venue.harbour.tabs.refund',
        });
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
  }, 120_000);
});
