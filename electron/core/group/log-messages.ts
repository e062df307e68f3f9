// Each thing the hub publishes, as the message that goes: its subject under the venue, the id the
// hub accepted it under (the message id), and a payload that names only what a back office reads.
// Each builder picks fields one by one rather than spreading the hub's records, so a field added
// to those records later (a credential, a hash, headers) never rides along unnoticed.
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { HubDeviceView } from '../../../shared/hub';
import type { PunchReviewItem } from '../../../shared/authority';
import type { DataHealthNotice } from '../../../shared/data-health';
import type { RefundInput, RefundOutcome, RefundApprover } from '../../../shared/tabs';
import type { AuditRecord, TimesheetRow } from '../../../shared/labor';
import { isPaidBreak } from '../../../shared/labor-calc';
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
    breakType: p.kind === 'break-start' ? p.breakType : null,
  };
  return { subject: venueSubject(venueId, 'labor.punch'), msgId: `punch:${p.id}`, payload };
}

/**
 * The keys besides its uuid that the venue's earlier messages may have named an entry by
 * (GroupEdit.entryKeys): what the hub still knows of the punch that started it.
 */
export type EntryKeys = (entryUuid: string) => string[];

const otherKeys = (keysOf: EntryKeys, uuid: string) => keysOf(uuid).filter((k) => k !== uuid);

/** An edit as its answer told it: `audit` (default the row's latest) and the entry after it. */
export function editMessage(
  venueId: string,
  row: TimesheetRow,
  keysOf: EntryKeys,
  which?: AuditRecord,
): Outgoing | null {
  const audit = which ?? [...row.audit].sort((a, b) => a.at - b.at).at(-1);
  if (!audit) return null;
  const shiftKeys = row.kind === 'break' && row.shiftUuid ? otherKeys(keysOf, row.shiftUuid) : [];
  return edit(venueId, audit, keysOf, {
    kind: row.kind,
    shiftUuid: row.shiftUuid,
    userId: row.userId,
    name: row.name,
    punchIn: row.punchIn,
    punchOut: row.punchOut,
    // Paid or not as the hub's own timesheet counts it, so the office need not guess.
    ...(row.kind === 'break' ? { paid: isPaidBreak(row.punchType) } : {}),
    ...(shiftKeys.length > 0 ? { shiftKeys } : {}),
  });
}

/** An edit known from the audit log alone (the hub stopped before its answer was kept). */
export function auditEditMessage(venueId: string, audit: AuditRecord, keysOf: EntryKeys): Outgoing {
  return edit(venueId, audit, keysOf, null);
}

function edit(venueId: string, audit: AuditRecord, keysOf: EntryKeys, entry: GroupEdit['entry']): Outgoing {
  const keys = otherKeys(keysOf, audit.entryUuid);
  const payload: GroupEdit = {
    auditId: audit.id,
    entryUuid: audit.entryUuid,
    ...(keys.length > 0 ? { entryKeys: keys } : {}),
    at: audit.at,
    byUserId: audit.byUserId,
    byName: audit.byName,
    reason: audit.reason,
    changes: audit.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
    entry,
  };
  return { subject: venueSubject(venueId, 'labor.edit'), msgId: `edit:${audit.id}`, payload };
}

/** What the request ledger keeps of a refund asked (RequestTap.ledgerNotes): no PIN. */
export interface RefundAsked {
  tabUuid: string;
  requestId: string;
  paymentId: string | null;
  amount: number | null;
  items: number;
  reason: string | null;
  approvedBy: RefundApprover | null;
}

/** The ledger note of a refund, from its handler's arguments (the manager's PIN is left out). */
export function refundAsked(
  tabUuid: string,
  input: RefundInput,
  requestId: string,
  approvedBy: RefundApprover | null,
): RefundAsked {
  return {
    tabUuid,
    requestId,
    paymentId: input.paymentId ?? null,
    amount: input.amount ?? null,
    items: input.items?.length ?? 0,
    reason: input.reason ?? null,
    approvedBy: approvedBy && { userId: approvedBy.userId, name: approvedBy.name },
  };
}

export function isRefundAsked(value: unknown): value is RefundAsked {
  const v = value as Partial<RefundAsked> | null;
  return !!v && typeof v.tabUuid === 'string' && typeof v.requestId === 'string' && typeof v.items === 'number';
}

export function refundMessage(venueId: string, asked: RefundAsked, outcome: RefundOutcome, at: number): Outgoing {
  const state = outcome.ok ? 'accepted' : outcome.uncertain ? 'unknown' : 'refused';
  const approvedBy = asked.approvedBy;
  // Named fields only: the same message whether heard live or read back from the request ledger.
  const payload: GroupRefund = {
    requestId: asked.requestId,
    tabUuid: asked.tabUuid,
    paymentId: asked.paymentId,
    askedAmount: asked.amount,
    items: asked.items,
    reason: asked.reason,
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

/**
 * One heartbeat per period; one sent at once when the venue's zone or day start changed carries
 * them in its id, so the stream does not drop it as a repeat of that period's.
 */
export function statusMessage(venueId: string, status: GroupStatus, everyMs: number): Outgoing {
  const day = status.businessDay ? `:${status.businessDay.timezone}@${status.businessDay.startHour}` : '';
  return {
    subject: venueSubject(venueId, 'status'),
    msgId: `status:${venueId}:${Math.floor(status.at / everyMs)}${day}`,
    payload: status,
  };
}
