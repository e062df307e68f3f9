// Tab passes through the real core and the embedded sandbox: the pass object read tolerantly,
// 'pre' refusing the order that would cross with the service's alert verbatim, 'post' accepting it
// and refusing the next, and spent read again after every order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passSchema } from '../../shared/schemas/tabs';
import {
  LIMIT_ALERT,
  PASSES,
  READINGS,
  PRODUCTS,
  GARDEN,
  HARBOUR,
  removeTempDirs,
  startCore,
  type TestCore,
} from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

let t: TestCore;
beforeAll(async () => {
  t = await startCore({ subscribe: false });
});
afterAll(async () => {
  await t.stop();
  removeTempDirs();
});

const fishAndChips = (quantity: number) => [{ productUuid: PRODUCTS.fishAndChips.uuid, quantity }];

describe('tab passes', () => {
  it('reads limit, mode and spent; no limit; nothing at all where the flag is off', async () => {
    const pre = await t.core.handlers.passLookup(PASSES.pre);
    expect(pre).toMatchObject({ xPassId: PASSES.pre, limit: { kind: 'limit', amount: 5000, mode: 'pre' }, spent: 0 });
    expect(pre.tabUuid).toMatch(/^7b000000-/);
    expect((await t.core.handlers.passLookup(PASSES.noLimit)).limit).toEqual({ kind: 'none' });
    await t.core.handlers.tabsSetLocation(GARDEN);
    const garden = await t.core.handlers.passLookup(PASSES.garden);
    expect(garden.limit).toEqual({ kind: 'unknown' });
    expect(garden.spent).toBeNull();
    await t.core.handlers.tabsSetLocation(HARBOUR);
  });

  it("'pre' refuses the order that would cross, with the alert as the service sent it, and spent unchanged", async () => {
    const outcome = await t.core.handlers.passOrder(PASSES.pre, fishAndChips(3), rid());
    // Shown as the service sent it: this run's wording, title and body (tabs-kit LIMIT_ALERT).
    expect(outcome).toMatchObject({ ok: false, reason: 'spend-limit', status: 400, ...LIMIT_ALERT });
    expect(outcome.pass?.spent).toBe(0);
    // Reaching the limit exactly is accepted (the app never pre-rejects on equality).
    const exact = await t.core.handlers.passOrder(
      PASSES.pre,
      [
        { productUuid: PRODUCTS.fishAndChips.uuid, quantity: 2 },
        { productUuid: PRODUCTS.fries.uuid, quantity: 1 },
      ],
      rid(),
    );
    expect(exact).toMatchObject({ ok: true, pass: { spent: 5000 } });
  });

  it("'post' accepts the order that crosses, then refuses the next; spent is refreshed each time", async () => {
    const first = await t.core.handlers.passOrder(PASSES.post, fishAndChips(3), rid());
    expect(first).toMatchObject({ ok: true, total: 6600, pass: { spent: 6600, limit: { mode: 'post' } } });
    const next = await t.core.handlers.passOrder(
      PASSES.post,
      [{ productUuid: PRODUCTS.water.uuid, quantity: 1 }],
      rid(),
    );
    expect(next).toMatchObject({ ok: false, reason: 'spend-limit', ...LIMIT_ALERT, pass: { spent: 6600 } });
  });

  it('another 4xx is a refusal with the service message, not a limit', async () => {
    const outcome = await t.core.handlers.passOrder(
      PASSES.noLimit,
      [{ productUuid: 'no-such-product', quantity: 1 }],
      rid(),
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'refused', status: 400 });
    if (!outcome.ok) expect(outcome.alert).toMatch(/product_uuid/);
  });

  it('a lost answer is uncertain, and the re-read spent shows the order went through', async () => {
    await t.control.addFault({
      route: 'POST /api/loc/:location/tabs/passes/:xPassId/items',
      mode: 'commit-lose-response',
    });
    const before = (await t.core.handlers.passLookup(PASSES.noLimit)).spent ?? 0;
    const outcome = await t.core.handlers.passOrder(
      PASSES.noLimit,
      [{ productUuid: PRODUCTS.water.uuid, quantity: 1 }],
      rid(),
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'uncertain' });
    expect(outcome.pass?.spent).toBe(before + 400);
  });

  it('tolerates the pass shapes a real service might send', () => {
    const read = (body: unknown) => passSchema('P1', 1).parse(body);
    // A fraction can only be dollars: $12.50 spent is 1250 cents; the limit stays cents (spec 2.3).
    expect(read({ spend_limit: { amount: '2500', enforceMode: 'POST' }, spent: 12.5 })).toMatchObject({
      xPassId: 'P1',
      limit: { kind: 'limit', amount: 2500, mode: 'post' },
      spent: 1250,
    });
    expect(read({ data: { x_pass_id: 'P2', spend_limit: { amount: 100, enforce: 'Pre' }, spent: 0 } }).limit).toEqual({
      kind: 'limit',
      amount: 100,
      mode: 'pre',
    });
    expect(read({ spend_limit: {} }).limit).toEqual({ kind: 'none' });
    expect(read({ spend_limit: null, spent: 0 }).limit).toEqual({ kind: 'none' });
    expect(read({ name: 'x' })).toMatchObject({ limit: { kind: 'unknown' }, spent: null });
    expect(read(null)).toMatchObject({ xPassId: 'P1', limit: { kind: 'unknown' } });
  });

  it('recognises the spend-limit refusal in every shape the sandbox can send, with its title and body', async () => {
    const base = t.core.sandbox()!.baseUrl;
    const setRefusal = (spendLimitRefusal: string) =>
      fetch(`${base}/_sandbox/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ spendLimitRefusal }),
      });
    const cases = [
      { shape: 'alert-object', alert: 'This pass has reached its spend limit.', title: null },
      { shape: 'alert-title-body', alert: 'This pass has reached its spend limit.', title: 'Spend limit reached' },
      { shape: 'plain-string', alert: 'This pass has reached its spend limit.', title: null },
      {
        shape: 'other-wording',
        alert: 'This order would take the pass over its spending limit.',
        title: 'Spending limit',
      },
    ];
    try {
      for (const c of cases) {
        expect((await setRefusal(c.shape)).status).toBe(200);
        // The post pass is over its limit from the test above: every order is refused.
        const outcome = await t.core.handlers.passOrder(
          PASSES.post,
          [{ productUuid: PRODUCTS.water.uuid, quantity: 1 }],
          rid(),
        );
        expect(outcome, c.shape).toMatchObject({
          ok: false,
          reason: 'spend-limit',
          status: 400,
          alert: c.alert,
          title: c.title,
        });
      }
    } finally {
      await setRefusal(READINGS.spendLimitRefusal);
    }
  });
});
