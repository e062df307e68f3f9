// The hub killed (SIGKILL) between the service's answer and its reply: the refund is done on the
// service, the screen heard nothing. After a restart, the same press (same request id) answers the
// outcome the ledger recorded before the kill, and the service still holds one refund.
// VENUE_FAULT_KILL_AFTER_RECORD makes the host kill itself right after the outcome is on disk,
// the one moment no timing from outside can hit.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { LEDGER_FILE } from '../../electron/core/requests/request-ledger';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort } from '../support';
import { hostCall, hostCliSuite } from '../support/host-cli-suite';
import { HARBOUR } from './tabs-kit';

const suite = hostCliSuite('venue-once-kill-', 'once kill');

async function host(dataDir: string, env: Record<string, string> = {}) {
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
  await p.printed((out) => /ready at /.test(out));
  const url = new URL(/ready at (\S+)/.exec(p.out())![1]);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { p, url, cookie };
}

describe('a refund, the hub killed between the service answer and its reply', () => {
  it('answers the recorded outcome after a restart; one refund on the service', async () => {
    const dataDir = join(suite.dir, 'hub');
    const control = createControlClient(suite.sandbox.baseUrl);
    const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });
    const refunds = suite.sandbox.world.tabs.refunds.size;

    const first = await host(dataDir, { VENUE_FAULT_KILL_AFTER_RECORD: 'tabRefund' });
    // While no manager has a PIN, this computer's own screen may set the venue up.
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
    // Done on the service, and on disk before the kill.
    expect(suite.sandbox.world.tabs.refunds.size).toBe(refunds + 1);
    const ledger = readFileSync(join(dataDir, 'requests', LEDGER_FILE), 'utf8');
    expect(ledger).toMatch(/"t":"end".*"state":"done"/);

    const second = await host(dataDir);
    try {
      const again = await hostCall(second, 'tabRefund', closed[0], input, press);
      expect(again).toMatchObject({ ok: true, result: { ok: true, amount: 120 } });
      expect(suite.sandbox.world.tabs.refunds.size).toBe(refunds + 1);
    } finally {
      second.p.child.kill('SIGTERM');
      await second.p.exited;
    }
    expect(existsSync(join(dataDir, 'requests'))).toBe(true);
  });
});
