// Tab pass spend limits (spec 2.3 and 4). `spent` sums the live totals of the pass's orders that
// were placed through the pass items endpoint and are neither PENDING nor VOIDED.
//   pre:  reject the order that would take spent over the limit (reaching it exactly is fine);
//   post: accept any order while spent is under the limit, so the one that crosses it goes
//         through, and reject every order once spent has reached the limit.
// With tab_pass_spend_limits off at the location the feature does not exist: nothing is enforced.
import type { TabPass } from '../model';
import type { SandboxWorld } from '../world';
import { orderTotal } from './totals';

const EXCLUDED = new Set(['PENDING', 'VOIDED']);

export function passSpent(world: SandboxWorld, pass: TabPass): number {
  const store = world.tabs;
  const tab = store.tabs.get(store.passTabs.get(pass.xPassId) ?? '');
  if (!tab) return 0;
  let spent = 0;
  for (const uuid of tab.orderUuids) {
    const order = store.orders.get(uuid)!;
    if (order.viaPassItems && !EXCLUDED.has(order.status)) spent += orderTotal(store, order);
  }
  return spent;
}

export function limitsEnabled(world: SandboxWorld, pass: TabPass): boolean {
  return world.locations.get(pass.locationUuid)?.featureFlags.tab_pass_spend_limits === true;
}

/** True when an order of `orderTotal` cents must be refused. */
export function wouldBreachLimit(world: SandboxWorld, pass: TabPass, orderTotalCents: number): boolean {
  if (!pass.spendLimit || !limitsEnabled(world, pass)) return false;
  const spent = passSpent(world, pass);
  const { amount, enforce } = pass.spendLimit;
  return enforce === 'pre' ? spent + orderTotalCents > amount : spent >= amount;
}

export const SPEND_LIMIT_ALERT = 'This pass has reached its spend limit.';
