// The time-card approval part of the contract: one line per request onto TimeCardApproval.
import type { HandlersOf } from '../../../../shared/contract';
import type { ApprovalRequests } from '../../../../shared/contract/approval';
import type { LaborService } from '../labor-service';
import { TimeCardApproval } from './approval-service';

export function approvalHandlers(labor: LaborService): HandlersOf<ApprovalRequests> {
  const approval = new TimeCardApproval(labor);
  return {
    laborApproval: async (token) => approval.view(token),
    laborSetPayPeriod: async (token, rule) => approval.setRule(token, rule),
    laborSignOffPeriod: async (token, start, requestId) => approval.signOff(token, start, requestId),
    laborReviewDecide: async (token, itemKey, action, text) => approval.decide(token, itemKey, action, text),
    laborAddShiftNote: (token, entryUuid, text) => approval.addNote(token, entryUuid, text),
    laborRememberLanguage: async (token, language) => approval.rememberLanguage(token, language),
  };
}
