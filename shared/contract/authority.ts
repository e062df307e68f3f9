// The venue's authority part of the IPC contract: lifting a device's PIN lockout, closing pairing,
// the hub's review queue of forwarded punches (all of it a manager's, on the device asking), and
// whether a manager is signed in for settings on the device asking.
import type { HubView } from '../hub';
import type { LaborView } from '../labor';
import type { BulkDecision, PunchReviewView, ReviewDecision, ReviewRules, SettingsAccess } from '../authority';

export interface AuthorityRequests {
  /** Manager: lift every PIN lockout of one device (null: this device). */
  laborLiftLockout: { args: [token: string, deviceId: string | null]; result: LaborView };
  /** Manager: stop pairing now (the open code stops working). */
  hubClosePairing: { args: [token: string]; result: HubView };
  /** Manager: punches held for review or refused, from every device, and the review rules. */
  hubReview: { args: [token: string]; result: PunchReviewView };
  /** Manager: approve (optionally with a corrected time or tips) or reject one held punch. */
  hubReviewDecide: { args: [token: string, punchId: string, decision: ReviewDecision]; result: PunchReviewView };
  /**
   * Manager: approve or reject many held punches at once, in the order they were taken. A punch
   * no longer held (decided meanwhile) is left as it is.
   */
  hubReviewDecideMany: {
    args: [token: string, punchIds: string[], decision: BulkDecision];
    result: PunchReviewView;
  };
  /**
   * Manager: every punch one device left waiting is rejected, and its refused ones leave the list
   * (a stolen or broken device that filled the queue).
   */
  hubReviewPurgeDevice: { args: [token: string, deviceId: string]; result: PunchReviewView };
  /** Manager: the rules that hold a punch for review. */
  hubSaveReviewRules: { args: [token: string, rules: ReviewRules]; result: PunchReviewView };
  /** Whether settings are open to this device's screen, and which manager is signed in on it. */
  settingsAccess: { args: []; result: SettingsAccess };
  /** Signs out every manager signed in on the device asking (settings lock again). */
  settingsSignOut: { args: []; result: SettingsAccess };
  /**
   * This computer's own screen, while the staff list cannot be read: keep the damaged file aside
   * and start a new, empty staff list (then: set a manager PIN).
   */
  laborSetRosterAside: { args: []; result: SettingsAccess };
}

export type AuthorityEvents = Record<never, never>;

export const authorityChannelKeys: Record<keyof AuthorityRequests, true> = {
  laborLiftLockout: true,
  hubClosePairing: true,
  hubReview: true,
  hubReviewDecide: true,
  hubReviewDecideMany: true,
  hubReviewPurgeDevice: true,
  hubSaveReviewRules: true,
  settingsAccess: true,
  settingsSignOut: true,
  laborSetRosterAside: true,
};

export const authorityEventKeys: Record<keyof AuthorityEvents, true> = {};
