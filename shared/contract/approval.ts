// Time-card approval's part of the IPC contract: pay periods and their sign-off, decisions on
// Needs review, shift notes from the entry editor, and the kiosk's memory of each person's
// language. Kept on the hub (electron/core/labor/approval/); manager requests carry a manager's
// session token.
import type { KioskLanguage } from '../labor';
import type { ApprovalView, PayPeriodRule, PeriodSignOff, ReviewAction, ReviewDecision } from '../labor-period';

export interface ApprovalRequests {
  /** Manager: the pay-period rule, sign-offs, decisions, attestations, notes and late edits. */
  laborApproval: { args: [token: string]; result: ApprovalView };
  /** Manager: weekly, biweekly or semi-monthly, and the first day of one period. */
  laborSetPayPeriod: { args: [token: string, rule: PayPeriodRule]; result: ApprovalView };
  /** Manager: sign off and lock the ended period starting on `start`; later edits need a reason and are late. */
  laborSignOffPeriod: { args: [token: string, start: string, requestId: string]; result: PeriodSignOff };
  /** Manager: approve, fix (with the reason) or comment one Needs review item, kept with who and when. */
  laborReviewDecide: {
    args: [token: string, itemKey: string, action: ReviewAction, text: string | null, requestId: string];
    result: ReviewDecision;
  };
  /** Manager: a note on a shift (a break's note goes to its shift), from the entry editor. */
  laborAddShiftNote: {
    args: [token: string, entryUuid: string, text: string, requestId: string];
    result: ApprovalView;
  };
  /** Staff: the kiosk speaks this language to the signed-in person from now on. */
  laborRememberLanguage: { args: [token: string, language: KioskLanguage]; result: null };
}

export type ApprovalEvents = Record<never, never>;

/** Runtime list of this part's requests. */
export const approvalChannelKeys: Record<keyof ApprovalRequests, true> = {
  laborApproval: true,
  laborSetPayPeriod: true,
  laborSignOffPeriod: true,
  laborReviewDecide: true,
  laborAddShiftNote: true,
  laborRememberLanguage: true,
};

/** Runtime list of this part's events: none (the timesheet reads them again). */
export const approvalEventKeys: Record<keyof ApprovalEvents, true> = {};
