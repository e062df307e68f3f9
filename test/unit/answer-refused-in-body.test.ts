// A service that refuses in the body of a 200 (the refusal-answer readings of the sandbox), over
// real HTTP: a refused punch-in is parked with the service's words after one send, never resent
// in a loop; a refused punch-out is not taken as synced while the shift stays open; a refused
// refund is a refusal with what the service said, not an accepted refund.
import { describe, expect, it } from 'vitest';
import { refund } from '../../electron/core/tabs/refunds';
import { createTab } from '../../electron/core/tabs/tabs-api';
import { SEED_ROLES } from '../../electron/sandbox';
import type { RefusalAnswer } from '../../electron/sandbox/readings';
import { HARBOUR, drained, entriesAt, sleep, startLabor, tempDir, sandboxForSuite, demoClient } from './labor-test-kit';
import { PRODUCTS, SPOT_BAR_1 } from './tabs-kit';

const rig = sandboxForSuite();

const FORMS: RefusalAnswer[] = ['ok-error', 'ok-success-false', 'ok-status-in-body'];

/** fetch that counts the labor requests of each method. */
function countingFetch() {
  const counts: Record<string, number> = {};
  const fetchFn: typeof fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (String(input).includes('/labor/entries')) counts[method] = (counts[method] ?? 0) + 1;
    return fetch(input, init);
  };
  return { counts, fetchFn };
}

async function failedPunch(labor: Awaited<ReturnType<typeof startLabor>>['labor'], timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const failed = labor.outboxItems().find((i) => i.state === 'failed');
    if (failed) return failed;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no punch parked: ${JSON.stringify(labor.outboxItems().slice(0, 3))}`);
    await sleep(20);
  }
}

describe.each(FORMS)('refusals in a 200 body (%s)', (form) => {
  it('parks a refused punch-in with the service’s words after one send, not a resend loop', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, refusalAnswer: form };
    const dir = tempDir();
    const { counts, fetchFn } = countingFetch();
    const running = await startLabor(rig.sb, dir, { demoStaff: true, fetch: fetchFn });
    try {
      // The kiosk's roster still has 2004; the service no longer does, so it refuses the punch.
      rig.sb.world.staff = rig.sb.world.staff.filter((s) => s.userId !== '2004');
      running.labor.capture('2004', {
        action: 'punch-in',
        role: { role: 'bartender', roleUuid: SEED_ROLES.bartender },
      });
      const failed = await failedPunch(running.labor);
      expect(failed.message ?? '').toMatch(/not a staff member/);
      expect(failed.problem?.kind).toBe('invalid');
      // Well past the time the old loop took to send hundreds of POSTs.
      await sleep(1_000);
      expect(counts.POST ?? 0, 'POSTs of the refused punch').toBeLessThanOrEqual(1);
      expect(entriesAt(rig.sb).filter((e) => e.userId === '2004')).toHaveLength(0);
    } finally {
      await running.stop();
    }
  });

  it('does not take a refused punch-out as synced while the shift stays open', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, refusalAnswer: form };
    const running = await startLabor(rig.sb, tempDir(), { demoStaff: true });
    try {
      const { labor } = running;
      labor.capture('2004', { action: 'punch-in', role: { role: 'bartender', roleUuid: SEED_ROLES.bartender } });
      await drained(labor);
      const shift = entriesAt(rig.sb).find((e) => e.userId === '2004')!;
      // A break opened on the POS: the service refuses to close the shift around it.
      const now = rig.sb.world.clock.nowMs();
      rig.sb.world.labor.add({
        locationUuid: HARBOUR.uuid,
        shiftUuid: shift.uuid,
        punchType: 'unpaid_break',
        userId: '2004',
        role: 'bartender',
        roleUuid: SEED_ROLES.bartender,
        punchInMs: now - 1_000,
        punchOutMs: null,
        declaredTips: null,
        createdMs: now - 1_000,
      });
      labor.capture('2004', { action: 'punch-out', declaredTipsCents: 0 });
      const failed = await failedPunch(labor);
      expect(failed.action).toBe('punch-out');
      expect(failed.problem?.kind).toBe('invalid');
      expect(labor.view().outbox.failed).toBe(1);
      expect(entriesAt(rig.sb).find((e) => e.uuid === shift.uuid)?.punchOutMs).toBeNull();
    } finally {
      await running.stop();
    }
  });

  it('shows a refused refund as refused, with what the service said', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, refusalAnswer: form };
    const client = demoClient(rig.sb);
    try {
      const tab = await createTab(client, HARBOUR.uuid, {
        spot_uuid: SPOT_BAR_1.uuid,
        items: [{ product_uuid: PRODUCTS.water.uuid, quantity: 1 }],
        payments: [{ amount: PRODUCTS.water.price, tip: 0, gateway: 'INTERNAL', paymentType: 'CARD' }],
        openTab: false,
        waitForProcessorAccounts: false,
      });
      // More than was paid: the service refuses it.
      const { outcome, requested } = await refund(
        client,
        HARBOUR.uuid,
        tab.uuid!,
        { amount: 99_999, managerPin: '1234' },
        Date.now(),
      );
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.uncertain).toBe(false);
      expect(outcome.status).toBe(200);
      expect(outcome.message).toMatch(/more than the 400 cents left to refund/);
      expect(requested).toBeNull();
    } finally {
      client.dispose();
    }
  });
});

describe('a 2xx that is no success', () => {
  it('reads back, waits longer each time and parks the punch after a few, never a resend loop', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, refusalAnswer: 'status' };
    const { counts, fetchFn } = countingFetch();
    const running = await startLabor(rig.sb, tempDir(), {
      demoStaff: true,
      fetch: fetchFn,
      tuning: { backoffMinMs: 20, backoffMaxMs: 200, unreadAnswers: 4 },
    });
    try {
      rig.sb.world.faults.add({ route: 'POST /api/loc/:location/labor/entries', mode: 'ok-not-done', count: 'always' });
      running.labor.capture('2004', {
        action: 'punch-in',
        role: { role: 'bartender', roleUuid: SEED_ROLES.bartender },
      });
      const failed = await failedPunch(running.labor);
      expect(failed.problem?.kind).toBe('cannot-read');
      expect(failed.message ?? '').toMatch(/without showing the punch done/);
      await sleep(500);
      expect(counts.POST ?? 0, 'POSTs of a punch the service never made').toBe(4);
      expect(entriesAt(rig.sb).filter((e) => e.userId === '2004')).toHaveLength(0);
    } finally {
      rig.sb.world.faults.clear();
      await running.stop();
    }
  });
});
