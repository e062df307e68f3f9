// Requests the app stopped with while they were out with the service (a start line and no end):
// at the next start each is settled by the same read "Check again" makes, never a second write,
// once the read decides it. Until then it stays "outcome unknown" for a person to check; the read
// runs again as the service's events come in (a PAYMENT_REFUNDED delivered after the restart).
//
// The service echoes no request id or idempotency key (spec 4), so every channel decides the same
// way (oneNewWrite): exactly one write of what was asked appeared at the service since the request
// went out (against what was known then, kept with its start), that no other request in the ledger
// claims, and no other undecided request could be. Refunds are here; pass orders and gift-card
// sales in interrupted-pass-order.ts and interrupted-gift-card-sale.ts.
import type { RefundInput, RefundOutcome } from '../../../shared/tabs';
import type { OpenTab } from '../../../shared/webhooks';
import type { LedgerChannel } from '../../../shared/contract/semantics';
import type { LedgerEntry, LedgerOutcome, RequestLedger } from './request-ledger';
import { LEDGER_RULES, type LedgerBefore } from './ledger-handlers';

/** The read that settles an interrupted entry from what it kept (no arguments survive a restart). */
export type InterruptedCheck = (entry: LedgerEntry) => Promise<LedgerOutcome | null>;

/** One channel's rule for "exactly one new write at the service is this request's". */
export interface OneNewWrite<Asked, Seen> {
  channel: LedgerChannel;
  /** What the entry kept before its write went out, when it is this rule's (else null: undecided). */
  asked(before: unknown): Asked | null;
  /** Another undecided request that could have made the same write: then nothing is decided. */
  rival(mine: Asked, other: Asked): boolean;
  /** What another request's decided outcome owns (ids in the terms of `claimKey`). */
  claims(mine: Asked, other: LedgerEntry, outcome: LedgerOutcome): string[];
  /** The writes the read finds at the service now. Throwing decides nothing. */
  seen(mine: Asked): Seen[] | Promise<Seen[]>;
  /** A seen write's id, compared with the ids known when the request went out. */
  id(seen: Seen): string;
  /** Ids known when the request went out (kept with its start): those are not this request's. */
  known(mine: Asked): readonly string[];
  /** Whether a claim owns it (a write whose owner's words are incomplete may be claimed by any). */
  claimed(seen: Seen, claims: ReadonlySet<string>): boolean;
  /** Whether it is of what was asked. */
  fits(mine: Asked, seen: Seen): boolean;
  /** The outcome the first answer would have given, for the one write found. */
  outcome(mine: Asked, seen: Seen): LedgerOutcome | Promise<LedgerOutcome>;
}

/** The shared decision of every channel: one write, new, unclaimed, fitting, and no rival. */
export function oneNewWrite<Asked, Seen>(rule: OneNewWrite<Asked, Seen>, ledger: RequestLedger): InterruptedCheck {
  return async (entry) => {
    const mine = rule.asked(entry.before);
    if (mine === null) return null;
    const others = ledger.entriesOf(rule.channel).filter((e) => e.key !== entry.key);
    const rivals = others.filter((e) => {
      const other = e.state === 'done' ? null : rule.asked(e.before);
      return other !== null && rule.rival(mine, other);
    });
    if (rivals.length > 0) return null;
    const claims = new Set(others.flatMap((e) => (e.outcome?.ok ? rule.claims(mine, e, e.outcome) : [])));
    const known = new Set(rule.known(mine));
    const arrived = (await rule.seen(mine)).filter(
      (s) => !known.has(rule.id(s)) && !rule.claimed(s, claims) && rule.fits(mine, s),
    );
    if (arrived.length !== 1) return null;
    return rule.outcome(mine, arrived[0]);
  };
}

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

type TabRefund = OpenTab['refunds'][number];

/**
 * The service's PAYMENT_REFUNDED events on the tab decide an interrupted refund as they decide a
 * live one: exactly one refund arrived on the tab since it was asked, of what was asked, that no
 * other request in the ledger claims; and no other undecided refund on that tab could be it.
 */
export function interruptedRefund(tabOf: TabOf, ledger: RequestLedger): InterruptedCheck {
  return oneNewWrite<RefundBefore, TabRefund>(
    {
      channel: 'tabRefund',
      asked: (before) => (isRefundBefore(before) ? before : null),
      rival: (mine, other) =>
        other.tabUuid === mine.tabUuid && other.itemized === mine.itemized && other.amount === mine.amount,
      claims: (_mine, _other, outcome) => {
        const result = outcome.ok ? (outcome.result as RefundOutcome) : null;
        return result?.ok && result.refundPaymentId !== null ? [result.refundPaymentId] : [];
      },
      seen: (mine) => tabOf(mine.tabUuid)?.refunds ?? [],
      id: (r) => r.refundPaymentId,
      known: (mine) => mine.refunds,
      claimed: (r, claims) => claims.has(r.refundPaymentId),
      fits: (asked, r) =>
        r.refundType === (asked.itemized ? 'itemized' : 'open') &&
        (asked.paymentId === null || r.paymentId === asked.paymentId) &&
        (asked.amount === null || r.amount === asked.amount),
      outcome: (_mine, found) => {
        const outcome: RefundOutcome = {
          ok: true,
          refundPaymentId: found.refundPaymentId,
          amount: found.amount,
          refundType: found.refundType as 'open' | 'itemized',
        };
        return { ok: true, result: outcome };
      },
    },
    ledger,
  );
}

/** Settles what the reads decide now; answers how many stay undecided. */
export async function settleInterrupted(
  ledger: RequestLedger,
  checks: Partial<Record<LedgerChannel, InterruptedCheck>>,
): Promise<number> {
  let left = 0;
  for (const entry of ledger.interruptedEntries()) {
    const channel = entry.channel as LedgerChannel;
    const check = checks[channel];
    let decided: LedgerOutcome | null = null;
    try {
      decided = check ? await check(entry) : null;
    } catch {
      // A read that fails decides nothing; the entry stays for a person to check.
    }
    // A press of Check again may have settled it while the read was out: the first decision stays.
    if (ledger.get(entry.key)?.state !== 'unknown') continue;
    if (decided && !LEDGER_RULES[channel].unknown(decided)) ledger.settle(entry.key, decided);
    else if (check) left++;
  }
  return left;
}

/**
 * Settles at start, then again after each `changed` (the service's events arriving), until none
 * that a read could decide is left; one settling at a time. Answers a stop.
 */
export function watchInterrupted(
  ledger: RequestLedger,
  checks: Partial<Record<LedgerChannel, InterruptedCheck>>,
  changed: (listener: () => void) => () => void,
  log?: (line: string) => void,
): () => void {
  const before = ledger.interruptedEntries().length;
  if (before === 0) return () => {};
  let stopped = false;
  let left = before;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let off: (() => void) | null = null;
  const settle = (first: boolean) => {
    running = running.then(async () => {
      if (stopped) return;
      const was = left;
      left = await settleInterrupted(ledger, checks);
      if (first)
        log?.(`request ledger: ${before - left} of ${before} request(s) out when the app stopped settled by a read`);
      else if (left < was) log?.(`request ledger: ${was - left} request(s) out when the app stopped settled by a read`);
      if (left === 0) off?.();
    });
  };
  off = changed(() => {
    // The event is stored before the projections have it; read once they do.
    timer ??= setTimeout(() => {
      timer = null;
      settle(false);
    }, 100);
    timer.unref();
  });
  settle(true);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    off?.();
  };
}
