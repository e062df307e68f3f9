// The venue's authority part of the IPC contract: lifting a device's PIN lockout, closing pairing,
// and the hub's review queue of forwarded punches. All of it is a manager's, on the device asking.
import type { HubView } from '../hub';
import type { LaborView } from '../labor';
import type { PunchReviewView, ReviewDecision, ReviewRules } from '../authority';

export interface AuthorityRequests {
  /** Manager: lift every PIN lockout of one device (null: this device). */
  laborLiftLockout: { args: [token: string, deviceId: string | null]; result: LaborView };
  /** Manager: stop pairing now (the open code stops working). */
  hubClosePairing: { args: [token: string]; result: HubView };
  /** Manager: punches held for review or refused, from every device, and the review rules. */
  hubReview: { args: [token: string]; result: PunchReviewView };
  /** Manager: approve (optionally with a corrected time or tips) or reject one held punch. */
  hubReviewDecide: { args: [token: string, punchId: string, decision: ReviewDecision]; result: PunchReviewView };
  /** Manager: the rules that hold a punch for review. */
  hubSaveReviewRules: { args: [token: string, rules: ReviewRules]; result: PunchReviewView };
}

export type AuthorityEvents = Record<never, never>;

export const authorityChannelKeys: Record<keyof AuthorityRequests, true> = {
  laborLiftLockout: true,
  hubClosePairing: true,
  hubReview: true,
  hubReviewDecide: true,
  hubSaveReviewRules: true,
};

export const authorityEventKeys: Record<keyof AuthorityEvents, true> = {};
