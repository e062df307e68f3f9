// A pass order the app stopped with while it was out (interrupted.ts): the service echoes no
// request id, so it is decided like a refund. Its start keeps the pass's tab as the last read of
// the pass named it and the orders the board knew on that tab then. After the restart exactly one
// ORDER_PLACED new on that tab, with as many items as the ticket could make, that no other order
// on the pass claims (by the order's name), and no other undecided order on the pass: then the
// pass is read again, as Check again reads it (its Spent), and must still name that tab.
import type { OrderLineInput, PassOrderOutcome, PassView } from '../../../shared/tabs';
import type { OrderFacts } from '../tabs/order-facts';
import type { LedgerBefore } from './ledger-handlers';
import { oneNewWrite, type InterruptedCheck } from './interrupted';
import type { RequestLedger } from './request-ledger';

/** What the pass-order check needs from the tabs core. */
export interface PassOrderReads {
  passTabOf(xPassId: string): string | null;
  ordersOf(tabUuid: string): { uuid: string; total: number }[];
  factsOf(orderUuid: string): OrderFacts | undefined;
  /** The order's ORDER_PLACED total in cents, read in the connection's unit for event money. */
  totalInCents(wire: number): number | null;
  /** The read Check again makes. */
  lookupPass(xPassId: string): Promise<PassView>;
}

export interface PassOrderBefore {
  xPassId: string;
  tabUuid: string | null;
  orders: string[];
  lines: number;
  units: number;
}

export function passOrderBefore(reads: Pick<PassOrderReads, 'passTabOf' | 'ordersOf'>): LedgerBefore {
  return (args) => {
    const xPassId = args[0] as string;
    const lines = args[1] as OrderLineInput[];
    const tabUuid = reads.passTabOf(xPassId);
    const kept: PassOrderBefore = {
      xPassId,
      tabUuid,
      orders: tabUuid ? reads.ordersOf(tabUuid).map((o) => o.uuid) : [],
      lines: lines.length,
      units: lines.reduce((n, l) => n + l.quantity, 0),
    };
    return kept;
  };
}

function asPassOrderBefore(value: unknown): PassOrderBefore | null {
  const v = value as Partial<PassOrderBefore> | null;
  const ok =
    !!v &&
    typeof v.xPassId === 'string' &&
    Array.isArray(v.orders) &&
    typeof v.lines === 'number' &&
    typeof v.units === 'number';
  return ok ? (v as PassOrderBefore) : null;
}

type SeenOrder = { uuid: string; total: number } & OrderFacts;

/** An answered order whose name the service left out may be any order on the pass. */
const ANY = '\u0000any';

export function interruptedPassOrder(reads: PassOrderReads, ledger: RequestLedger): InterruptedCheck {
  return oneNewWrite<PassOrderBefore, SeenOrder>(
    {
      channel: 'passOrder',
      // Without the pass's tab when it went out, the tab's earlier orders cannot be told from it.
      asked: (before) => {
        const kept = asPassOrderBefore(before);
        return kept && kept.tabUuid !== null ? kept : null;
      },
      rival: (mine, other) => other.xPassId === mine.xPassId,
      claims: (mine, other, outcome) => {
        const kept = asPassOrderBefore(other.before);
        const result = outcome.ok ? (outcome.result as PassOrderOutcome) : null;
        if (!result?.ok || (kept && kept.xPassId !== mine.xPassId)) return [];
        return [result.orderName ?? ANY];
      },
      seen: (mine) =>
        reads
          .ordersOf(mine.tabUuid as string)
          .map((o) => ({ ...o, ...(reads.factsOf(o.uuid) ?? { name: null, items: null }) })),
      id: (o) => o.uuid,
      known: (mine) => mine.orders,
      claimed: (o, claims) => claims.has(ANY) || (o.name === null ? claims.size > 0 : claims.has(o.name)),
      // One item per line, or one per unit: either is a ticket's order; anything else is not.
      fits: (mine, o) => o.items === null || (o.items >= mine.lines && o.items <= mine.units),
      outcome: async (mine, found) => {
        const pass = await reads.lookupPass(mine.xPassId);
        if (pass.tabUuid !== mine.tabUuid) throw new Error('the pass names another tab now');
        const outcome: PassOrderOutcome = {
          ok: true,
          orderName: found.name,
          total: reads.totalInCents(found.total),
          pass,
          passProblem: null,
        };
        return { ok: true, result: outcome };
      },
    },
    ledger,
  );
}
