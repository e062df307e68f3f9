// How a held or refused punch is said: why the hub held it and where it stands. One set of words
// for the venue's punch review and head office's page, so a manager reads the same at either.
import type { PunchReviewItem, ReviewReason } from '../../../../shared/authority';

export const REVIEW_REASON_TEXT: Record<ReviewReason, string> = {
  offline: 'taken while the hub was unreachable',
  'back-dated': 'its time is far behind the hub’s clock',
  'clock-ahead': 'its time is ahead of the hub’s clock',
  'tips-over-limit': 'tips over the limit',
  'revoked-device': 'still on the device when it was revoked',
  'no-pin': 'a name tap: no PIN was entered',
  'session-ended': 'arrived after the person’s session had ended',
};

export const REVIEW_STATUS_TEXT: Record<PunchReviewItem['status'], string> = {
  held: 'waiting for a manager',
  approved: 'approved',
  rejected: 'rejected',
  refused: 'refused by the hub',
};
