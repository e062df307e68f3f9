// The ledger around the handlers of the `once` channels whose service write has no key of its
// own (refunds, pass orders, gift-card sales, timesheet edits): one key per calling device and
// request id, the first outcome for a repeat, and a read, never the write, for a repeat of a
// request whose outcome is unknown. Only the core that calls the service wraps its handlers; a
// satellite forwards the same id to its hub, whose ledger answers.
import type { IpcHandlers } from '../../../shared/contract';
import { LEDGER_CHANNELS, onceRequestId, type LedgerChannel } from '../../../shared/contract/semantics';
import { createHash } from 'node:crypto';
import { AppError, fromErrorPayload } from '../../../shared/app-error';
import type { GiftCardSale, PassOrderOutcome, RefundOutcome } from '../../../shared/tabs';
import { errorPayloadOf } from '../api/app-error-of';
import { currentCaller } from '../caller';
import type { LedgerEntry, LedgerOutcome, RequestLedger } from './request-ledger';

/** The read a repeat of an unknown outcome makes instead of the write; null: nothing to read. */
export type OutcomeCheck = (args: unknown[], entry: LedgerEntry) => Promise<LedgerOutcome | null>;

export interface LedgerRules {
  /** Whether this outcome leaves the write undecided (the screen says "outcome unknown"). */
  unknown(outcome: LedgerOutcome): boolean;
  /** The arguments that say what was asked, when some only say who asks (default: all of them). */
  asked?(args: unknown[]): unknown[];
  check?: OutcomeCheck;
}

const errorUnknown = (outcome: LedgerOutcome) => !outcome.ok && outcome.error.kind === 'outcome-unknown';

/** What each ledger channel's answers say about an undecided write. */
export const LEDGER_RULES: Record<LedgerChannel, LedgerRules> = {
  tabRefund: {
    unknown: (o) =>
      errorUnknown(o) ||
      (o.ok && !(o.result as RefundOutcome).ok && (o.result as RefundOutcome & { ok: false }).uncertain),
  },
  passOrder: {
    unknown: (o) =>
      errorUnknown(o) ||
      (o.ok && (o.result as PassOrderOutcome).ok === false && (o.result as { reason: string }).reason === 'uncertain'),
  },
  giftCardSell: { unknown: (o) => errorUnknown(o) || (o.ok && (o.result as GiftCardSale).state === 'unknown') },
  laborEditEntry: {
    unknown: errorUnknown,
    // The session token (first) is who is signed in now, not what was asked: sessions live in
    // memory, so the same press sent again after a restart (or a new sign-in) carries a new one,
    // and hashing it made that repeat a "different request" refused as a conflict instead of
    // answered with its outcome. The guard still checks the token on every repeat.
    asked: (args) => args.slice(1),
  },
  // Hub-local writes of time-card approval: the session token is who is signed in now, as above.
  laborSignOffPeriod: { unknown: errorUnknown, asked: (args) => args.slice(1) },
  laborReviewDecide: { unknown: errorUnknown, asked: (args) => args.slice(1) },
  laborAddShiftNote: { unknown: errorUnknown, asked: (args) => args.slice(1) },
};

async function outcomeOf(run: () => Promise<unknown>): Promise<LedgerOutcome> {
  try {
    return { ok: true, result: await run() };
  } catch (error) {
    return { ok: false, error: errorPayloadOf(error) };
  }
}

function unwrap(outcome: LedgerOutcome): unknown {
  if (outcome.ok) return outcome.result;
  throw fromErrorPayload(outcome.error);
}

/**
 * What was asked, hashed: the same id with other arguments is another request by mistake, never
 * answered with this one's outcome. A manager's PIN stays out of it (a PIN's hash is guessable).
 */
export function requestFingerprint(args: unknown[]): string {
  const text = JSON.stringify(args, (name, value: unknown) => (name === 'managerPin' ? undefined : value));
  return createHash('sha256').update(text).digest('base64url');
}

/** The key of one request: the device that asked, the channel and the id made at its button. */
export function ledgerKey(deviceId: string, channel: string, requestId: string): string {
  return `${deviceId}\u0000${channel}\u0000${requestId}`;
}

/** A note of what was asked, kept with the outcome (LedgerEntry.about); it must leave out any PIN. */
export type LedgerNote = (args: unknown[]) => unknown;

/** What a check after a restart needs, taken before the write (LedgerEntry.before); no PIN. */
export type LedgerBefore = (args: unknown[]) => unknown;

export function withRequestLedger(
  handlers: IpcHandlers,
  ledger: RequestLedger,
  checks: Partial<Record<LedgerChannel, OutcomeCheck>> = {},
  notes: Partial<Record<LedgerChannel, LedgerNote>> = {},
  befores: Partial<Record<LedgerChannel, LedgerBefore>> = {},
): IpcHandlers {
  const wrapped = { ...handlers } as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const channel of LEDGER_CHANNELS) {
    const handler = handlers[channel] as (...args: unknown[]) => Promise<unknown>;
    const idOf = onceRequestId[channel] as (args: unknown[]) => string | undefined;
    const rules = { ...LEDGER_RULES[channel], check: checks[channel] };
    wrapped[channel] = async (...args: unknown[]) => {
      const id = idOf(args);
      // The contract's schema insists on an id; a direct call without one is simply not remembered.
      if (!id) return handler(...args);
      const key = ledgerKey(currentCaller().deviceId, channel, id);
      const fingerprint = requestFingerprint(rules.asked ? rules.asked(args) : args);
      const known = ledger.get(key);
      if (known && known.fingerprint !== fingerprint)
        throw new AppError(
          'conflict',
          'This request id was already used for a different request: press the button again to make a new one',
          { what: 'request id' },
        );
      const running = ledger.pending(key);
      if (running) return unwrap(await running);
      const entry = ledger.get(key);
      if (entry?.state === 'done' && entry.outcome) return unwrap(entry.outcome);
      if (entry && entry.outcome) {
        // Unknown: read, never write. A read that decides it is kept as the outcome from now on.
        const checked = rules.check ? await rules.check(args, entry).catch(() => null) : null;
        if (checked && !rules.unknown(checked)) {
          ledger.settle(key, checked);
          return unwrap(checked);
        }
        return unwrap(checked ?? entry.outcome);
      }
      const note = notes[channel];
      const taken = befores[channel];
      let before: unknown;
      try {
        before = taken?.(args);
      } catch {
        // Only a check after a restart reads it; without it that check leaves the outcome unknown.
      }
      return unwrap(
        await ledger.first(
          key,
          channel,
          fingerprint,
          () => outcomeOf(() => handler(...args)),
          rules.unknown,
          note && (() => note(args)),
          before,
        ),
      );
    };
  }
  return wrapped as unknown as IpcHandlers;
}
