// Requests the app stopped with while they were out with the service (a start line and no end):
// at the next start each is settled by the same read "Check again" makes, never a second write,
// once the read decides it. Until then it stays "outcome unknown" for a person to check; the read
// runs again as the service's events come in (a PAYMENT_REFUNDED delivered after the restart).
import type { RefundInput, RefundOutcome } from '../../../shared/tabs';
import type { OpenTab } from '../../../shared/webhooks';
import type { LedgerChannel } from '../../../shared/contract/semantics';
import type { LedgerEntry, LedgerOutcome, RequestLedger } from './request-ledger';
import { LEDGER_RULES, type LedgerBefore } from './ledger-handlers';

/** The read that settles an interrupted entry from what it kept (no arguments survive a restart). */
export type InterruptedCheck = (entry: LedgerEntry) => LedgerOutcome | null;

/** What a refund keeps before it goes out: the tab's refunds then, and what was asked (no PIN). */
export interface RefundBefore {
  tabUuid: string;
  paymentId: string | null;
  amount: number | null;
  itemized: boolean;
  refunds: string[];
}

type TabOf = (tabUuid: string) => OpenTab | undefined;

export function refundBefore(tabOf: TabOf): LedgerBefore {
  return (args) => {
    const tabUuid = args[0] as string;
    const input = args[1] as RefundInput;
    const kept: RefundBefore = {
      tabUuid,
      paymentId: input.paymentId ?? null,
      amount: input.amount ?? null,
      itemized: input.items !== undefined,
      refunds: (tabOf(tabUuid)?.refunds ?? []).map((r) => r.refundPaymentId),
    };
    return kept;
  };
}

function isRefundBefore(value: unknown): value is RefundBefore {
  const v = value as Partial<RefundBefore> | null;
  return !!v && typeof v.tabUuid === 'string' && Array.isArray(v.refunds) && typeof v.itemized === 'boolean';
}

const fits = (asked: RefundBefore, r: OpenTab['refunds'][number]) =>
  r.refundType === (asked.itemized ? 'itemized' : 'open') &&
  (asked.paymentId === null || r.paymentId === asked.paymentId) &&
  (asked.amount === null || r.amount === asked.amount);

/**
 * The service's PAYMENT_REFUNDED events on the tab decide an interrupted refund as they decide a
 * live one: exactly one refund arrived on the tab since it was asked, of what was asked, that no
 * other request in the ledger claims; and no other undecided refund on that tab could be it.
 */
export function interruptedRefund(tabOf: TabOf, ledger: RequestLedger): InterruptedCheck {
  return (entry) => {
    const asked = entry.before;
    if (!isRefundBefore(asked)) return null;
    const others = ledger.entriesOf('tabRefund').filter((e) => e.key !== entry.key);
    const claimed = new Set(
      others.flatMap((e) => {
        const result = e.outcome?.ok ? (e.outcome.result as RefundOutcome) : null;
        return result?.ok ? [result.refundPaymentId] : [];
      }),
    );
    const rivals = others.filter((e) => {
      const b = e.state === 'done' ? null : e.before;
      return (
        isRefundBefore(b) && b.tabUuid === asked.tabUuid && b.itemized === asked.itemized && b.amount === asked.amount
      );
    });
    if (rivals.length > 0) return null;
    const known = new Set(asked.refunds);
    const arrived = (tabOf(asked.tabUuid)?.refunds ?? []).filter(
      (r) => !known.has(r.refundPaymentId) && !claimed.has(r.refundPaymentId) && fits(asked, r),
    );
    if (arrived.length !== 1) return null;
    const [found] = arrived;
    const outcome: RefundOutcome = {
      ok: true,
      refundPaymentId: found.refundPaymentId,
      amount: found.amount,
      refundType: found.refundType as 'open' | 'itemized',
    };
    return { ok: true, result: outcome };
  };
}

/** Settles what the reads decide now; answers how many stay undecided. */
export function settleInterrupted(
  ledger: RequestLedger,
  checks: Partial<Record<LedgerChannel, InterruptedCheck>>,
): number {
  let left = 0;
  for (const entry of ledger.interruptedEntries()) {
    const channel = entry.channel as LedgerChannel;
    const check = checks[channel];
    let decided: LedgerOutcome | null = null;
    try {
      decided = check ? check(entry) : null;
    } catch {
      // A read that fails decides nothing; the entry stays for a person to check.
    }
    if (decided && !LEDGER_RULES[channel].unknown(decided)) ledger.settle(entry.key, decided);
    else if (check) left++;
  }
  return left;
}

/**
 * Settles at start, then again after each `changed` (the service's events arriving), until none
 * that a read could decide is left. Answers a stop.
 */
export function watchInterrupted(
  ledger: RequestLedger,
  checks: Partial<Record<LedgerChannel, InterruptedCheck>>,
  changed: (listener: () => void) => () => void,
  log?: (line: string) => void,
): () => void {
  const before = ledger.interruptedEntries().length;
  let left = settleInterrupted(ledger, checks);
  if (before > 0)
    log?.(`request ledger: ${before - left} of ${before} request(s) out when the app stopped settled by a read`);
  if (left === 0) return () => {};
  let timer: NodeJS.Timeout | null = null;
  let off: (() => void) | null = null;
  off = changed(() => {
    // The event is stored before the projections have it; read once they do.
    timer ??= setTimeout(() => {
      timer = null;
      const was = left;
      left = settleInterrupted(ledger, checks);
      if (left < was) log?.(`request ledger: ${was - left} request(s) out when the app stopped settled by a read`);
      if (left === 0) off?.();
    }, 100);
    timer.unref();
  });
  return () => {
    if (timer) clearTimeout(timer);
    off?.();
  };
}
