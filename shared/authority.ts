// What a manager sees of the venue's authority: punches the hub holds for review or refused, with
// the device, the person and the reason, and the rules that send a punch to review.
import type { ErrorPayload } from './app-error';
import type { PunchAction } from './labor';

/** Why the hub did not apply a forwarded punch on its own. */
export type ReviewReason =
  /** Taken while the kiosk could not reach the hub: only the kiosk's word vouches for the PIN. */
  | 'offline'
  /** Its capture time is far behind the hub's clock. */
  | 'back-dated'
  /** Its capture time is ahead of the hub's clock beyond the allowed skew. */
  | 'clock-ahead'
  /** Declared tips over the limit a manager set. */
  | 'tips-over-limit'
  /** Handed over by a device after a manager revoked it: what it still held when cut off. */
  | 'revoked-device'
  /** Taken after a name tap: no PIN was checked, so nothing but the device vouches for the person. */
  | 'no-pin'
  /** Arrived after the session it was taken in had ended (its grant had expired). */
  | 'session-ended';

export interface PunchReviewItem {
  punchId: string;
  deviceId: string;
  deviceName: string;
  userId: string;
  name: string;
  action: PunchAction;
  /** When the device says it took the punch (its clock), epoch ms. */
  capturedAt: number;
  /** When the hub received it, epoch ms. */
  receivedAt: number;
  declaredTipsCents: number | null;
  /** held: waits for a manager; refused: the hub will never apply it (see `message`). */
  status: 'held' | 'approved' | 'rejected' | 'refused';
  reasons: ReviewReason[];
  /** The refusal's or the decision's words (technical text: details and the log). */
  message: string | null;
  /** A refused punch's reason with its kind: what the screen words. */
  problem?: ErrorPayload | null;
  decidedBy: string | null;
  decidedAt: number | null;
}

export interface ReviewRules {
  /** Declared tips above this (cents) are held for a manager; null: no limit. */
  tipLimitCents: number | null;
}

export interface PunchReviewView {
  rules: ReviewRules;
  items: PunchReviewItem[];
  /**
   * Per device, refused punches no longer listed: each device keeps only its newest refusals on
   * the list, so a device sending junk cannot bury it. Absent from hubs before the cap.
   */
  unlisted?: { deviceId: string; deviceName: string; refused: number }[];
}

/** A manager's decision on many held punches at once (applied in the order they were taken). */
export type BulkDecision = 'approve' | 'reject';

/** Held punches one bulk decision may name: ten devices' caps of held punches. */
export const BULK_DECISION_MAX = 5_000;

export type ReviewDecision =
  { decision: 'approve'; capturedAt?: number; declaredTipsCents?: number } | { decision: 'reject' };

/** Who may change settings from the asking device right now (its own screen reads this up front). */
export interface SettingsAccess {
  /**
   * No manager has a PIN yet, so this computer's own screen may change settings without one (a
   * fresh install's first steps); a paired device never may.
   */
  open: boolean;
  /** The manager signed in on the asking device, if any, and when that session ends unless used. */
  manager: { userId: string; name: string; expiresAt: number } | null;
  /**
   * The staff list cannot be read, so no manager can sign in: this computer's own screen (outside
   * kiosk lockdown, never a paired device) may set it aside and start a new one
   * (`laborSetRosterAside`). `keptAs`: the damaged file's kept copy. Absent otherwise.
   */
  damagedRoster?: { keptAs: string | null };
}
