// A hub in a group killed (SIGKILL) right after a refund's answer is on disk and before it is
// published: the refund lived in memory only until the venue's stream confirmed it. After a
// restart, with no one pressing anything again, the hub publishes it from its request ledger, and
// the office shows it once, with its approver. Real processes: the headless host as a child
// (VENUE_FAULT_KILL_AFTER_RECORD kills it at that one moment), its leaf node, head office's
// nats-server; the killed hub's leaf node, left running, is stopped by the next start.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { newRequestId as rid } from '../../shared/request-id';
import { hostCall } from '../support/host-cli-suite';
import { eventually } from './group-kit';
import { groupCrashSuite } from './group-crash-kit';
import { HARBOUR } from './tabs-kit';

const group = groupCrashSuite('group-crash', 'group crash');
const { suite, host, leafPid, refundRows } = group;

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
    group.joinHub();
    const control = createControlClient(suite.sandbox.baseUrl);
    const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });

    const first = await host({ env: { VENUE_FAULT_KILL_AFTER_RECORD: 'tabRefund' } });
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
      await group.expectPublishedOnce(press);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
  }, 120_000);
});
