// Pay periods and the time-card approval a manager keeps on the hub: the period rule (weekly,
// biweekly, semi-monthly), which period a business day falls in, sign-offs, review decisions,
// attestations at punch-out, break kinds and shift notes. Pure types and day arithmetic: the
// service has none of this (spec 2.4 holds entries only), so the hub keeps it
// (electron/core/labor/approval/).
import { addDays } from './labor-calc';
import type { KioskLanguage } from './labor';

export type PayCadence = 'weekly' | 'biweekly' | 'semi-monthly';

export interface PayPeriodRule {
  cadence: PayCadence;
  /**
   * YYYY-MM-DD: the first day of one period (weekly, biweekly); the others follow from it. Unused
   * by semi-monthly, whose periods are always the 1st–15th and the 16th–month's end.
   */
  startDay: string;
}

/** A Monday: weekly periods Monday to Sunday until a manager sets the venue's own. */
export const DEFAULT_PAY_PERIOD: PayPeriodRule = { cadence: 'weekly', startDay: '2024-01-01' };

export interface PayPeriod {
  /** YYYY-MM-DD, inclusive, business days. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The period a business day falls in. */
export function periodOf(day: string, rule: PayPeriodRule): PayPeriod {
  if (rule.cadence === 'semi-monthly') {
    const [y, m, d] = day.split('-').map(Number);
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (d <= 15) return { start: `${month}-01`, end: `${month}-15` };
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return { start: `${month}-16`, end: `${month}-${String(last).padStart(2, '0')}` };
  }
  const length = rule.cadence === 'weekly' ? 7 : 14;
  const offset = (((dayNumber(day) - dayNumber(rule.startDay)) % length) + length) % length;
  const start = addDays(day, -offset);
  return { start, end: addDays(start, length - 1) };
}

/** The period before this one. */
export function previousPeriod(period: PayPeriod, rule: PayPeriodRule): PayPeriod {
  return periodOf(addDays(period.start, -1), rule);
}

/** The `count` most recent periods up to the one holding `today`, newest first. */
export function recentPeriods(today: string, rule: PayPeriodRule, count: number): PayPeriod[] {
  const out = [periodOf(today, rule)];
  while (out.length < count) out.push(previousPeriod(out[out.length - 1], rule));
  return out;
}

/** A manager's sign-off of one period: after it, edits of its days need a reason and are late. */
export interface PeriodSignOff {
  start: string;
  end: string;
  byUserId: string;
  byName: string;
  at: number;
}

/** What a manager did with one item of Needs review. */
export type ReviewAction = 'approve' | 'fix' | 'comment';

export interface ReviewDecision {
  id: string;
  /** The item's key (shared/labor-review.ts): `ot:<shift uuid>`, `note:<id>`, … */
  itemKey: string;
  action: ReviewAction;
  /** The reason of a fix, the words of a comment; null for a plain approval. */
  text: string | null;
  byUserId: string;
  byName: string;
  at: number;
}

/** The break kinds a kiosk offers; the service keeps paid or unpaid (time_punch_type), the hub the kind. */
export type BreakKind = 'meal' | 'rest';

/** The question asked at punch-out under the venue's break preset; none under "None". */
export type AttestationQuestion = 'meal-and-rest-breaks';

export interface Attestation {
  /** The punch-out's punch id. */
  id: string;
  userId: string;
  name: string;
  /** Business day of the shift. */
  day: string;
  at: number;
  question: AttestationQuestion;
  answer: 'yes' | 'no';
  /** Shown to the person at punch-out: paid minutes worked and break minutes taken. */
  workedMinutes: number;
  breakMinutes: number;
  /** The shift's entry on the service, once known. */
  entryUuid: string | null;
}

export interface ShiftNote {
  id: string;
  /** The shift's entry on the service, once known. */
  entryUuid: string | null;
  text: string;
  byUserId: string;
  byName: string;
  at: number;
  /** Written at the kiosk by the person, or by a manager in the entry editor. */
  where: 'kiosk' | 'editor';
}

/** The approval side of a timesheet view, for the days it shows. */
export interface ApprovalView {
  rule: PayPeriodRule;
  /** Every sign-off, newest first. */
  signOffs: PeriodSignOff[];
  decisions: ReviewDecision[];
  attestations: Attestation[];
  /** Notes by the shift's entry uuid. */
  notes: Record<string, ShiftNote[]>;
  /** Break kinds by the break's entry uuid. */
  breakKinds: Record<string, BreakKind>;
  /** Audit record ids of edits made after their period was signed off. */
  lateEdits: string[];
}

/** The attestation the preset asks at punch-out, or null when it asks none. */
export function attestationFor(breakPreset: string): AttestationQuestion | null {
  return breakPreset === 'california' ? 'meal-and-rest-breaks' : null;
}

/** A person's remembered kiosk language. */
export interface RememberedLanguage {
  userId: string;
  language: KioskLanguage;
}
