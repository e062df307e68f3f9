// Hears the answers of the requests whose outcome the group's log carries (refunds, timesheet
// edits, review decisions) without touching their services: the handlers are wrapped once, after
// the guard, so only a request that was allowed and answered is heard. A refund's approver is
// known only inside its handler (a manager's PIN checked there), so the approval callback writes
// it into the request's own async context, where the wrapper reads it back. The same note of the
// refund (what was asked, who approved) is kept with its outcome in the request ledger, so a hub
// that stops between the answer and the publish publishes it from there at its next start.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IpcHandlers } from '../../../shared/contract';
import type { PunchReviewView } from '../../../shared/authority';
import type { TimesheetRow } from '../../../shared/labor';
import type { RefundApprover, RefundInput, RefundOutcome } from '../../../shared/tabs';
import type { LedgerChannel } from '../../../shared/contract/semantics';
import type { LedgerNote } from '../requests/ledger-handlers';
import { TypedEmitter } from '../typed-emitter';
import { refundAsked, type RefundAsked } from './log-messages';

export interface RefundAnswered {
  asked: RefundAsked;
  outcome: RefundOutcome;
}

export interface RequestTapEvents {
  refund: RefundAnswered;
  edit: TimesheetRow;
  review: PunchReviewView;
}

type Approve = (pin: string) => Promise<RefundApprover>;
const REVIEW_CHANNELS = ['hubReviewDecide', 'hubReviewDecideMany', 'hubReviewPurgeDevice'] as const;

export class RequestTap {
  readonly events = new TypedEmitter<RequestTapEvents>();
  private readonly approvals = new AsyncLocalStorage<{ approver: RefundApprover | null }>();

  /**
   * The refund approval, noting who approved in the request's context; `approved` runs then, before
   * the refund goes out (the request ledger keeps the note with the request's start).
   */
  approver(approve: Approve, approved?: () => void): Approve {
    return async (pin) => {
      const who = await approve(pin);
      const slot = this.approvals.getStore();
      if (slot) slot.approver = who;
      approved?.();
      return who;
    };
  }

  /** The request ledger's notes: a refund's, read in its request's context once it is answered. */
  ledgerNotes(): Partial<Record<LedgerChannel, LedgerNote>> {
    return {
      tabRefund: (args) =>
        refundAsked(
          args[0] as string,
          args[1] as RefundInput,
          args[2] as string,
          this.approvals.getStore()?.approver ?? null,
        ),
    };
  }

  wrap(handlers: IpcHandlers): IpcHandlers {
    const wrapped = { ...handlers };
    wrapped.tabRefund = (tabUuid, input, requestId) => {
      const slot = { approver: null as RefundApprover | null };
      return this.approvals.run(slot, async () => {
        const outcome = await handlers.tabRefund(tabUuid, input, requestId);
        this.events.emit('refund', { asked: refundAsked(tabUuid, input, requestId, slot.approver), outcome });
        return outcome;
      });
    };
    wrapped.laborEditEntry = async (...args) => {
      const row = await handlers.laborEditEntry(...args);
      this.events.emit('edit', row);
      return row;
    };
    for (const channel of REVIEW_CHANNELS) {
      const inner = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
      (wrapped as Record<string, unknown>)[channel] = async (...args: unknown[]) => {
        const result = await inner(...args);
        const view = (result as { view?: PunchReviewView }).view ?? (result as PunchReviewView);
        if (Array.isArray(view?.items)) this.events.emit('review', view);
        return result;
      };
    }
    return wrapped;
  }
}
