// Each thing the hub publishes, as the message that goes: its subject under the venue, the id the
// hub accepted it under (the message id), and a payload that names only what a back office reads.
// Each builder picks fields one by one rather than spreading the hub's records, so a field added
// to those records later (a credential, a hash, headers) never rides along unnoticed.
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { HubDeviceView } from '../../../shared/hub';
import type { PunchReviewItem } from '../../../shared/authority';
import type { DataHealthNotice } from '../../../shared/data-health';
import type { RefundInput, RefundOutcome, RefundApprover } from '../../../shared/tabs';
import type { TimesheetRow } from '../../../shared/labor';
import {
  venueSubject,
  type GroupDevice,
  type GroupEdit,
  type GroupEvent,
  type GroupHealth,
  type GroupPunch,
  type GroupRefund,
  type GroupReview,
  type GroupStatus,
} from '../../../shared/group';
import type { PunchState } from '../labor/outbox';
import { isLocal, type Ref } from '../labor/punch';
import type { Outgoing } from './publish-queue';

export function eventMessage(venueId: string, e: AcceptedEvent): Outgoing {
  const payload: GroupEvent = {
    seq: e.seq,
    receivedAt: e.receivedAt,
    type: e.type,
    targetUuid: e.targetUuid,
    targetId: e.targetId,
    locationUuid: e.locationUuid,
    locationName: e.locationName,
    createdAt: e.createdAt,
    data: e.data,
  };
  return { subject: venueSubject(venueId, 'events', e.type), msgId: `ev:${e.dedupeKey}`, payload };
}

const refKey = (ref: Ref | null, resolve: (ref: Ref) => string | null): string | null =>
  ref === null ? null : (resolve(ref) ?? (isLocal(ref) ? `local:${ref.local}` : ref.uuid));

/** A punch once the service has it; its shift is named by the service's uuid (the start's entry). */
export function punchMessage(venueId: string, s: PunchState, resolve: (ref: Ref) => string | null): Outgoing {
  const p = s.p;
  const payload: GroupPunch = {
    punchId: p.id,
    kind: p.kind,
    userId: p.userId,
    name: p.name,
    role: p.role,
    locationUuid: p.locationUuid,
    capturedAt: p.capturedAt,
    landedAt: s.doneAt ?? p.capturedAt,
    shiftKey: p.kind === 'shift-start' && s.uuid ? s.uuid : refKey(p.shift, resolve)!,
    breakKey: p.kind === 'break-start' && s.uuid ? s.uuid : refKey(p.brk, resolve),
    declaredTips: p.declaredTips,
  };
  return { subject: venueSubject(venueId, 'labor.punch'), msgId: `punch:${p.id}`, payload };
}

export function editMessage(venueId: string, row: TimesheetRow): Outgoing | null {
  const audit = [...row.audit].sort((a, b) => a.at - b.at).at(-1);
  if (!audit) return null;
  const payload: GroupEdit = {
    auditId: audit.id,
    entryUuid: audit.entryUuid,
    at: audit.at,
    byUserId: audit.byUserId,
    byName: audit.byName,
    reason: audit.reason,
    changes: audit.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
    entry: {
      kind: row.kind,
      shiftUuid: row.shiftUuid,
      userId: row.userId,
      name: row.name,
      punchIn: row.punchIn,
      punchOut: row.punchOut,
    },
  };
  return { subject: venueSubject(venueId, 'labor.edit'), msgId: `edit:${audit.id}`, payload };
}

export function refundMessage(
  venueId: string,
  asked: { tabUuid: string; input: RefundInput; requestId: string },
  outcome: RefundOutcome,
  approvedBy: RefundApprover | null,
  at: number,
): Outgoing {
  const state = outcome.ok ? 'accepted' : outcome.uncertain ? 'unknown' : 'refused';
  // The manager's PIN is in `input`: only the named fields below leave the hub.
  const payload: GroupRefund = {
    requestId: asked.requestId,
    tabUuid: asked.tabUuid,
    paymentId: asked.input.paymentId ?? null,
    askedAmount: asked.input.amount ?? null,
    items: asked.input.items?.length ?? 0,
    reason: asked.input.reason ?? null,
    state,
    amount: outcome.ok ? outcome.amount : null,
    refundPaymentId: outcome.ok ? outcome.refundPaymentId : null,
    message: outcome.ok ? null : outcome.message,
    approvedBy: approvedBy && { userId: approvedBy.userId, name: approvedBy.name },
    at,
  };
  // One message per state: an outcome first unknown, then settled, lands as both.
  return { subject: venueSubject(venueId, 'tabs.refund'), msgId: `refund:${asked.requestId}:${state}`, payload };
}

export function reviewMessage(venueId: string, item: PunchReviewItem): Outgoing {
  const payload: GroupReview = {
    punchId: item.punchId,
    deviceId: item.deviceId,
    deviceName: item.deviceName,
    userId: item.userId,
    name: item.name,
    action: item.action,
    capturedAt: item.capturedAt,
    status: item.status,
    reasons: item.reasons.map(String),
    message: item.message,
    decidedBy: item.decidedBy,
    decidedAt: item.decidedAt,
  };
  return { subject: venueSubject(venueId, 'review'), msgId: `review:${item.punchId}:${item.status}`, payload };
}

export function deviceMessage(venueId: string, d: HubDeviceView, change: GroupDevice['change'], at: number): Outgoing {
  const payload: GroupDevice = {
    deviceId: d.id,
    name: d.name,
    role: d.role,
    change,
    pairedAt: d.pairedAt,
    revokedAt: d.revokedAt,
    at,
  };
  const which = change === 'renamed' ? `renamed:${d.name}` : change;
  return { subject: venueSubject(venueId, 'devices'), msgId: `device:${d.id}:${which}`, payload };
}

export function healthMessage(venueId: string, n: DataHealthNotice): Outgoing {
  // `detail` and `keptAs` are technical and name paths on this computer: the sentence is enough.
  const payload: GroupHealth = {
    noticeId: n.id,
    severity: n.severity,
    file: n.file,
    count: n.count,
    sentence: n.sentence,
    at: n.at,
  };
  return { subject: venueSubject(venueId, 'health'), msgId: `health:${n.id}:${n.at}`, payload };
}

export function statusMessage(venueId: string, status: GroupStatus, everyMs: number): Outgoing {
  return {
    subject: venueSubject(venueId, 'status'),
    msgId: `status:${venueId}:${Math.floor(status.at / everyMs)}`,
    payload: status,
  };
}
