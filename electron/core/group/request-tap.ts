// Hears the answers of the requests whose outcome the group's log carries (refunds, timesheet
// edits, review decisions) without touching their services: the handlers are wrapped once, after
// the guard, so only a request that was allowed and answered is heard. A refund's approver is
// known only inside its handler (a manager's PIN checked there), so the approval callback writes
// it into the request's own async context, where the wrapper reads it back.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IpcHandlers } from '../../../shared/contract';
import type { PunchReviewView } from '../../../shared/authority';
import type { TimesheetRow } from '../../../shared/labor';
import type { RefundApprover, RefundInput, RefundOutcome } from '../../../shared/tabs';
import { TypedEmitter } from '../typed-emitter';

export interface RefundAnswered {
  tabUuid: string;
  input: RefundInput;
  requestId: string;
  outcome: RefundOutcome;
  approvedBy: RefundApprover | null;
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

  /** The refund approval, noting who approved in the request's context. */
  approver(approve: Approve): Approve {
    return async (pin) => {
      const who = await approve(pin);
      const slot = this.approvals.getStore();
      if (slot) slot.approver = who;
      return who;
    };
  }

  wrap(handlers: IpcHandlers): IpcHandlers {
    const wrapped = { ...handlers };
    wrapped.tabRefund = (tabUuid, input, requestId) => {
      const slot = { approver: null as RefundApprover | null };
      return this.approvals.run(slot, async () => {
        const outcome = await handlers.tabRefund(tabUuid, input, requestId);
        this.events.emit('refund', { tabUuid, input, requestId, outcome, approvedBy: slot.approver });
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
