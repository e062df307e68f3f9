// The manager's "needs review" list for a timesheet view, in one place: entries a manager edited,
// shifts the core clocked out, breaks a manager let end early, punches not on the service yet,
// shifts with overtime or double time, and missed or short breaks. Pure, from what the view holds.
import type { TimesheetView } from './labor';
import { shiftBreakFlags, shiftOvertime } from './labor-csv';
import type { PayrollRules } from './labor-csv';
import type { ReviewDecision } from './labor-period';

export type ReviewKind =
  'edited' | 'auto-closed' | 'break-override' | 'offline' | 'overtime' | 'breaks' | 'attestation';

export interface ReviewItem {
  key: string;
  kind: ReviewKind;
  userId: string;
  name: string;
  /** Business day, YYYY-MM-DD. */
  day: string;
  reason: string;
  /** The timesheet entry to open, when there is one. */
  entryUuid: string | null;
  /** What managers did with it, oldest first (approve, fix with a reason, comment). */
  decisions?: ReviewDecision[];
  /** Open until a manager approves it or says how it was fixed; comments leave it open. */
  status?: 'open' | 'approved' | 'fixed';
}

/** The item's state after its decisions: the last approval or fix settles it. */
export function reviewStatus(decisions: ReviewDecision[]): 'open' | 'approved' | 'fixed' {
  const last = [...decisions].reverse().find((d) => d.action !== 'comment');
  return last ? (last.action === 'approve' ? 'approved' : 'fixed') : 'open';
}

const h = (minutes: number) => `${(minutes / 60).toFixed(2)} h`;

export function needsReview(
  sheet: TimesheetView,
  rules: PayrollRules,
  now: number,
  dayOf: (ms: number) => string,
): ReviewItem[] {
  const items: ReviewItem[] = [];
  const shiftOf = new Map(sheet.rows.filter((r) => r.kind === 'shift').map((r) => [r.uuid, r]));
  for (const r of sheet.rows) {
    for (const a of r.audit) {
      const shift = r.kind === 'break' && r.shiftUuid ? (shiftOf.get(r.shiftUuid) ?? r) : r;
      items.push({
        key: `edit:${a.id}`,
        kind: 'edited',
        userId: r.userId,
        name: r.name,
        day: r.fiscalDay,
        reason: `Edited by ${a.byName}: ${a.reason ?? 'no reason recorded'}`,
        entryUuid: shift.uuid,
      });
    }
  }
  for (const n of sheet.reviewNotes ?? [])
    items.push({
      key: `note:${n.id}`,
      kind: n.kind,
      userId: n.userId,
      name: n.name,
      day: n.day,
      reason: n.detail,
      entryUuid: null,
    });
  for (const u of sheet.unsynced)
    items.push({
      key: `outbox:${u.id}`,
      kind: 'offline',
      userId: u.userId,
      name: u.name,
      day: dayOf(u.capturedAt),
      reason:
        u.state === 'failed' || u.state === 'blocked'
          ? `Refused by the service: ${u.message ?? 'see Sync'}`
          : 'Taken while the service could not be reached: not on the service yet',
      entryUuid: null,
    });
  for (const [uuid, split] of shiftOvertime(sheet.rows, rules.overtime, now)) {
    if (split.overtime <= 0 && split.doubleTime <= 0) continue;
    const r = shiftOf.get(uuid);
    if (!r) continue;
    items.push({
      key: `ot:${uuid}`,
      kind: 'overtime',
      userId: r.userId,
      name: r.name,
      day: r.fiscalDay,
      reason: `${h(split.overtime)} overtime${split.doubleTime > 0 ? `, ${h(split.doubleTime)} double time` : ''}`,
      entryUuid: uuid,
    });
  }
  for (const [uuid, flags] of shiftBreakFlags(sheet.rows, rules.breaks, now)) {
    const r = shiftOf.get(uuid);
    if (!r) continue;
    items.push({
      key: `br:${uuid}`,
      kind: 'breaks',
      userId: r.userId,
      name: r.name,
      day: r.fiscalDay,
      reason: flags,
      entryUuid: uuid,
    });
  }
  // A "no" at punch-out to the preset's question ("did you get your meal and rest breaks?").
  for (const a of sheet.approval?.attestations ?? []) {
    if (a.answer !== 'no') continue;
    items.push({
      key: `att:${a.id}`,
      kind: 'attestation',
      userId: a.userId,
      name: a.name,
      day: a.day,
      reason: `Said at punch-out they did not get their meal and rest breaks (${h(a.workedMinutes)} worked, ${a.breakMinutes} min of breaks)`,
      entryUuid: a.entryUuid,
    });
  }
  const decided = sheet.approval?.decisions ?? [];
  for (const item of items) {
    item.decisions = decided.filter((d) => d.itemKey === item.key);
    item.status = reviewStatus(item.decisions);
  }
  return items.sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}
