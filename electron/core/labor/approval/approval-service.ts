// Time-card approval for managers: the pay-period rule, signing a period off (which locks it:
// later edits need a reason and are marked late), approving, fixing or commenting an item of
// Needs review, shift notes from the entry editor, and each person's remembered kiosk language.
// Everything is kept on the hub in the approval log (time-card-log.ts), with who and when.
import { AppError } from '../../../../shared/app-error';
import type { KioskLanguage, TimesheetView } from '../../../../shared/labor';
import type {
  ApprovalView,
  PayPeriodRule,
  PeriodSignOff,
  ReviewAction,
  ReviewDecision,
} from '../../../../shared/labor-period';
import { periodOf } from '../../../../shared/labor-period';
import { getEntry } from '../labor-api';
import type { LaborService } from '../labor-service';
import type { TimeCardLog } from './time-card-log';
import { NOTE_MAX } from './punch-extras';

const TEXT_MAX = 500;

export class TimeCardApproval {
  constructor(private readonly labor: LaborService) {}

  private get cards(): TimeCardLog {
    return this.labor.timeCards;
  }

  private manager(token: string) {
    return this.labor.access.who(this.labor.access.requireManager(token));
  }

  view(token: string): ApprovalView {
    this.labor.access.requireManager(token);
    return approvalView(this.cards);
  }

  setRule(token: string, rule: PayPeriodRule): ApprovalView {
    const by = this.manager(token);
    this.cards.setRule(rule, by, this.labor.nowMs());
    return approvalView(this.cards);
  }

  /**
   * Signs off the period that starts on `start` (as the venue's rule cuts them). Only a period that
   * is over may be signed off; one already signed off answers with that sign-off. `requestId` is
   * the button's: the same press sent again answers with the first sign-off.
   */
  signOff(token: string, start: string, requestId: string): PeriodSignOff {
    const by = this.manager(token);
    const again = this.cards.signOffByRequest(requestId);
    if (again) return again;
    const period = periodOf(start, this.cards.rule());
    if (period.start !== start)
      throw new AppError('invalid', `No pay period starts on ${start} under this venue's rule`, { field: 'start' });
    const today = this.labor.todayOfVenue();
    if (period.end >= today)
      throw new AppError('conflict', `This pay period runs to ${period.end}: sign it off once it is over`, {
        what: 'pay period not over',
      });
    const known = this.cards.signOffOf(period.start);
    if (known) return known;
    this.cards.signOff(period, by, this.labor.nowMs(), requestId);
    return this.cards.signOffOf(period.start) as PeriodSignOff;
  }

  decide(token: string, itemKey: string, action: ReviewAction, text: string | null): ReviewDecision {
    const by = this.manager(token);
    const words = text?.trim() || null;
    if (action !== 'approve' && !words)
      throw new AppError(
        'invalid',
        action === 'fix' ? 'Say how it was fixed: the reason is kept' : 'Write the comment first',
        { field: 'text' },
      );
    if (words && words.length > TEXT_MAX)
      throw new AppError('invalid', `At most ${TEXT_MAX} characters`, { field: 'text' });
    return this.cards.decide({
      itemKey,
      action,
      text: words,
      byUserId: by.userId,
      byName: by.name,
      at: this.labor.nowMs(),
    });
  }

  /** A manager's note on a shift, from the entry editor. */
  async addNote(token: string, entryUuid: string, text: string): Promise<ApprovalView> {
    const by = this.manager(token);
    const words = text.trim();
    if (!words || words.length > NOTE_MAX)
      throw new AppError('invalid', `A note is 1 to ${NOTE_MAX} characters`, { field: 'note' });
    // The note belongs to a shift: a break's note goes to its shift.
    const entry = await getEntry(this.labor.apiContext(), entryUuid);
    const shift = entry.kind === 'break' && entry.shiftUuid ? entry.shiftUuid : entry.uuid;
    this.cards.addNote({ uuid: shift }, words, by, this.labor.nowMs(), 'editor');
    return approvalView(this.cards);
  }

  /** The person signed in at the kiosk speaks this language from now on. */
  rememberLanguage(token: string, language: KioskLanguage): null {
    const session = this.labor.access.requireStaff(token);
    this.cards.setLanguage(session.userId, language, this.labor.nowMs());
    this.labor.emitSoon();
    return null;
  }
}

export function approvalView(cards: TimeCardLog): ApprovalView {
  return {
    rule: cards.rule(),
    signOffs: cards.allSignOffs(),
    decisions: cards.allDecisions(),
    attestations: cards.allAttestations(),
    notes: cards.notesByEntry(),
    breakKinds: cards.breakKinds(),
    lateEdits: cards.lateEdits(),
  };
}

/** A timesheet view with what the hub keeps beside the service's entries. */
export function withApproval(view: TimesheetView, cards: TimeCardLog): TimesheetView {
  const approval = approvalView(cards);
  const late = new Set(approval.lateEdits);
  const attestations = new Map(
    approval.attestations.filter((a) => a.entryUuid !== null).map((a) => [a.entryUuid as string, a]),
  );
  const rows = view.rows.map((r) => ({
    ...r,
    audit: r.audit.map((a) => (late.has(a.id) ? { ...a, late: true } : a)),
    ...(r.kind === 'break'
      ? { breakKind: approval.breakKinds[r.uuid] ?? null }
      : { notes: approval.notes[r.uuid] ?? [], attestation: attestations.get(r.uuid) ?? null }),
  }));
  const inView = (day: string) => day >= view.query.fromDay && day <= view.query.toDay;
  return {
    ...view,
    rows,
    approval: {
      ...approval,
      attestations: approval.attestations.filter(
        (a) => inView(a.day) && (!view.query.userId || a.userId === view.query.userId),
      ),
    },
  };
}

/**
 * Before a manager's edit: the sign-off covering any of the days it touches. In a signed-off period
 * an edit without a reason is refused with its own kind, so the screen can say why; with one it
 * goes ahead and is marked late.
 */
export function lateEditCheck(cards: TimeCardLog, days: string[], reason: string): PeriodSignOff | null {
  const signed = days.map((d) => cards.signOffOf(d)).find((s) => s !== null) ?? null;
  if (signed && !reason.trim())
    throw new AppError(
      'period-signed-off',
      `The pay period ${signed.start} to ${signed.end} was signed off by ${signed.byName}: an edit needs a reason`,
      { start: signed.start, end: signed.end, byName: signed.byName, at: signed.at },
    );
  return signed;
}

/** The business days an edit touches: the entry's own, and the one its new start falls in. */
export async function daysOfEdit(labor: LaborService, entryUuid: string, punchIn: number | undefined) {
  const ctx = labor.apiContext();
  const entry = await getEntry(ctx, entryUuid);
  return punchIn === undefined ? [entry.fiscalDay] : [entry.fiscalDay, ctx.fiscalDayOf(punchIn)];
}
