// Ids written as JSON numbers above 2^53 (the sandbox's idForm reading), over real HTTP: they
// keep every digit end to end, so neighbouring items stay two items, an itemized refund names the
// item the service issued, and a break names its shift by the number the service gave it.
import { describe, expect, it } from 'vitest';
import { refund } from '../../electron/core/tabs/refunds';
import { createTab } from '../../electron/core/tabs/tabs-api';
import { SEED_ROLES } from '../../electron/sandbox';
import { BIG_ID_OFFSET } from '../../electron/sandbox/http/id-form';
import { drained, entriesAt, startLabor, tempDir, sandboxForSuite, demoClient } from './labor-test-kit';
import { HARBOUR, PRODUCTS, SPOT_BAR_1 } from './tabs-kit';

const rig = sandboxForSuite();

describe('ids beyond 2^53', () => {
  it('keeps two items of one sale apart and refunds the one asked for', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, idForm: 'number-beyond-2^53' };
    const client = demoClient(rig.sb);
    try {
      const tab = await createTab(client, HARBOUR.uuid, {
        spot_uuid: SPOT_BAR_1.uuid,
        items: [
          { product_uuid: PRODUCTS.water.uuid, quantity: 1 },
          { product_uuid: PRODUCTS.lager.uuid, quantity: 1 },
        ],
        payments: [
          { amount: PRODUCTS.water.price + PRODUCTS.lager.price, tip: 0, gateway: 'INTERNAL', paymentType: 'CARD' },
        ],
        openTab: false,
        waitForProcessorAccounts: false,
      });
      const ids = tab.items.map((i) => i.id);
      const truth = [...rig.sb.world.tabs.items.values()].map((i) => (BigInt(i.id) + BIG_ID_OFFSET).toString());
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size, 'two items, two ids').toBe(2);
      expect(ids.sort()).toEqual(truth.sort());
      const second = ids[1];
      const { outcome } = await refund(
        client,
        HARBOUR.uuid,
        tab.uuid!,
        { items: [{ itemId: second, quantity: 1 }], managerPin: '1234' },
        Date.now(),
      );
      expect(outcome).toMatchObject({ ok: true });
      const refunded = [...rig.sb.world.tabs.items.values()].find(
        (i) => (BigInt(i.id) + BIG_ID_OFFSET).toString() === second,
      );
      expect(refunded?.refundedQuantity).toBe(1);
    } finally {
      client.dispose();
    }
  });

  it('sends a break with its shift’s number as the service wrote it', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = { ...rig.sb.world.readings, idForm: 'number-beyond-2^53', shiftId: 'numeric' };
    const running = await startLabor(rig.sb, tempDir(), { demoStaff: true });
    try {
      const { labor } = running;
      labor.capture('2004', { action: 'punch-in', role: { role: 'bartender', roleUuid: SEED_ROLES.bartender } });
      await drained(labor);
      labor.capture('2004', { action: 'break-start' });
      await drained(labor, 10_000);
      const mine = entriesAt(rig.sb).filter((e) => e.userId === '2004');
      const shift = mine.find((e) => e.shiftUuid === null);
      expect(mine.find((e) => e.shiftUuid !== null)?.shiftUuid).toBe(shift?.uuid);
    } finally {
      await running.stop();
    }
  });
});
