// Labor (spec 2.4): the kiosk, the live board, the outbox and the manager timesheet, as the
// renderer sees them. Nothing here holds a PIN or a PIN hash: only whether a person has one.

import type { ErrorPayload } from './app-error';
import type { BreakPreset } from './labor-rules/breaks';
import type { OvertimePreset } from './labor-rules/overtime';
import type { ScheduleAlert } from './labor-schedule';
import type { ApprovalView, Attestation, BreakKind, ShiftNote } from './labor-period';
/** What a person does at the kiosk. */
export type PunchAction = 'punch-in' | 'break-start' | 'break-end' | 'punch-out';

/** The sort keys of GET /loc/{location}/labor/entries (spec 4). */
export const LABOR_SORT_KEYS = ['created', 'punch_in', 'punch_out'] as const;
export type LaborSortKey = (typeof LABOR_SORT_KEYS)[number];

/** One labor entry from the service, normalised whatever shape it came in. Times are unix ms. */
export interface LaborEntry {
  uuid: string;
  kind: 'shift' | 'break';
  /** For a break: its shift's uuid (its time_shift_id, mapped to the uuid when the service uses numeric shift ids). */
  shiftUuid: string | null;
  /** For a shift on a service with numeric shift ids: the id its breaks carry in time_shift_id. */
  shiftId?: string | number | null;
  punchType: string;
  userId: string;
  role: string | null;
  roleUuid: string | null;
  punchIn: number;
  /** null while open. */
  punchOut: number | null;
  /** Integer cents; null when none declared. */
  declaredTips: number | null;
  /** YYYY-MM-DD as the service reported it, else as the app computed it. */
  fiscalDay: string;
  created: number | null;
}

/** Someone on shift right now, as the board shows them. */
export interface BoardRow {
  userId: string;
  name: string;
  role: string | null;
  shiftStart: number;
  /** Set while on break. */
  breakStart: number | null;
  /** End of the last finished break in this shift, if any (for "break due"). */
  lastBreakEnd: number | null;
  /** True when part of this row comes from punches not yet on the service. */
  pending: boolean;
  /**
   * The punch-in the service refused or that was parked for a manager: on shift here, not
   * confirmed on the service until a manager sends it again (Manager → Sync).
   */
  parked?: boolean;
  /** The shift's business day (venue zone, the fiscal-day cut), for the overtime rules. */
  day?: string;
  /** Unpaid breaks already ended in this shift, in ms (they do not count toward overtime). */
  unpaidBreakMs?: number;
  /** This person's other shifts this workweek, with their net paid minutes (the weekly rules). */
  priorWork?: { day: string; minutes: number }[];
}

export interface BoardView {
  rows: BoardRow[];
  /** When the service last answered the open-entries query. */
  fetchedAt: number | null;
  /** Why the last refresh failed (the board then shows the last known state plus local punches). */
  error: string | null;
}

export type OutboxItemState = 'pending' | 'sending' | 'checking' | 'failed' | 'blocked';

/** A punch not yet confirmed on the service, or parked. */
export interface OutboxItem {
  id: string;
  action: PunchAction;
  userId: string;
  name: string;
  capturedAt: number;
  state: OutboxItemState;
  /** The service's message for a parked punch, or why it waits (technical text: details and the log). */
  message: string | null;
  /** Why it was refused or waits, with its kind: what the screen words (null while nothing is wrong). */
  problem: ErrorPayload | null;
  attempts: number;
}

export interface OutboxSummary {
  /** Waiting to be sent (including those being sent or checked). */
  pending: number;
  /** Refused by the service: a manager must look. */
  failed: number;
  /** Waiting on a punch that failed (e.g. the break of a shift the service refused). */
  blocked: number;
  /** 'offline' while the service cannot be reached. */
  state: 'idle' | 'sending' | 'waiting' | 'offline';
  lastError: string | null;
  /** The failure behind `lastError` with its kind. */
  lastProblem: ErrorPayload | null;
  /** Unix ms of the next try while waiting. */
  nextAttemptAt: number | null;
}

export interface LaborSettings {
  /** A break is due after this many minutes on shift without one. */
  breakDueAfterMinutes: number;
  /** A break running longer than this is flagged. */
  breakLongAfterMinutes: number;
  /** Shift length that counts as overtime. */
  overtimeAfterMinutes: number;
  /** Warn this many minutes before overtime. */
  overtimeWarningMinutes: number;
  /** Back to the PIN pad after this many seconds without a touch. */
  idleSeconds: number;
  /** When true, tapping a name still asks for that person's PIN (if they have one). */
  nameTapNeedsPin: boolean;
  /** The fiscal day starts at this local hour (bars close after midnight). */
  fiscalDayStartHour: number;
  /** Which overtime rules the payroll CSV splits hours by (shared/labor-rules/overtime.ts). */
  overtimePreset: OvertimePreset;
  /** Which required-break rules the timesheet flags (shared/labor-rules/breaks.ts). */
  breakPreset: BreakPreset;
  /**
   * Ending a break before the break rules' minimum (a meal's 30 min under the California preset)
   * needs a manager's PIN at that kiosk.
   */
  blockEarlyBreakEnd: boolean;
  /** "HH:MM" in the venue's zone: shifts still open then are clocked out and flagged; null = never. */
  businessDayEnd: string | null;
  /** The language the kiosk speaks until someone picks another at the PIN pad, for their session. */
  kioskLanguage: KioskLanguage;
  /** Offer "Print slip" on the punched-out confirmation (for venues with a printer at the kiosk). */
  printSlip: boolean;
}

/** The kiosk's languages: English and Spanish. */
export type KioskLanguage = 'en' | 'es';

export const DEFAULT_LABOR_SETTINGS: LaborSettings = {
  breakDueAfterMinutes: 300,
  breakLongAfterMinutes: 30,
  overtimeAfterMinutes: 480,
  overtimeWarningMinutes: 30,
  idleSeconds: 30,
  nameTapNeedsPin: true,
  fiscalDayStartHour: 4,
  overtimePreset: 'us-federal',
  breakPreset: 'none',
  blockEarlyBreakEnd: false,
  businessDayEnd: null,
  kioskLanguage: 'en',
  printSlip: false,
};

export interface KioskLocation {
  uuid: string;
  name: string;
  /** IANA zone from GET /api/loc when the service gives one; else the computer's own. */
  timezone: string | null;
}

export interface StaffRole {
  role: string;
  roleUuid: string | null;
}

/** A roster member as the kiosk may show them. */
export interface StaffCard {
  userId: string;
  name: string;
  /** Roles at the kiosk's location. */
  roles: StaffRole[];
  hasPin: boolean;
  manager: boolean;
  /** The kiosk language this person last used, remembered on the hub (absent: none yet). */
  language?: KioskLanguage | null;
}

/** A roster member with every location's roles, for the manager's staff editor. */
export interface StaffRecordView {
  userId: string;
  name: string;
  manager: boolean;
  hasPin: boolean;
  roles: (StaffRole & { locationUuid: string })[];
}

/** Everything the kiosk needs, pushed on every change. */
export interface LaborView {
  /** The app runs as a locked-down kiosk (Electron --kiosk or VENUE_KIOSK=1). */
  kioskMode: boolean;
  /** A workstation switched to kiosk view: locked down like kiosk mode until a manager leaves it. */
  kioskView: boolean;
  location: KioskLocation | null;
  settings: LaborSettings;
  staff: StaffCard[];
  board: BoardView;
  outbox: OutboxSummary;
  /** No manager exists yet: the manager area opens without a PIN to create the first one. */
  needsManagerSetup: boolean;
  /**
   * The staff list existed but could not be read: nobody can sign in and the first-manager set-up
   * is NOT offered (whoever stands there must not make themselves manager). A sentence for staff.
   */
  rosterError?: string | null;
  /**
   * The venue left the practice service, so the practice venue's well-known PINs were removed
   * (from these people, at this time); present while no manager has a PIN since.
   */
  practicePinsRemoved?: { at: number; names: string[] } | null;
  /** Until when this device's PIN pad (sign-in, for everyone) is locked after too many wrong PINs. */
  padLockedUntil: number | null;
  /** Until when this device's refund approval (a manager's PIN) is locked, for everyone. */
  approvalLockedUntil?: number | null;
  /**
   * Changes whenever the staff list does (a PIN set or removed, a person removed): a kiosk device
   * fetches its offline copy of the roster again when this differs from its copy's.
   */
  rosterStamp?: string;
  /** Scheduled people not punched in: late, then no-show (the hub's schedule; names and times only). */
  scheduleAlerts?: ScheduleAlert[];
}

/** Who is at the kiosk after a PIN or a name tap; the token authorises their punches. */
export interface StaffSession {
  token: string;
  userId: string;
  name: string;
  manager: boolean;
  roles: StaffRole[];
  expiresAt: number;
  /**
   * Another device's session only: how long it had left when the hub answered. The device sets
   * its own deadline from this on its own clock, since `expiresAt` is on the hub's and the two
   * clocks may differ by minutes.
   */
  expiresInMs?: number;
  /**
   * A kiosk device's session opened with a PIN only: the hub's signed word that this person's PIN
   * was checked on that device, good for one punch of this session. The device sends it with that
   * punch; a session opened on a name tap gets none.
   */
  punchGrant?: string;
}

/** How a person identifies: a PIN alone, or a tapped name (with that person's PIN when needed). */
export type IdentifyInput = { pin: string } | { userId: string; pin?: string };

export interface PunchInput {
  /** Chosen by the caller so a retried call cannot capture the same punch twice. */
  punchId?: string;
  action: PunchAction;
  /** punch-in only: the role to work. */
  role?: StaffRole;
  /** punch-out only: integer cents. */
  declaredTipsCents?: number;
  /**
   * break-end before the break's minimum, when the venue blocks it: the token of a manager's
   * session opened on this same device, who allows it (kept in the review notes).
   */
  managerToken?: string;
  /** break-start: meal or rest (kept on the hub); paid or unpaid goes to the service's time_punch_type. */
  breakKind?: BreakKind;
  /** break-start: paid; absent: a rest is paid, a meal unpaid. */
  breakPaid?: boolean;
  /** punch-out: the answer to the break preset's question ("did you get your breaks?"). */
  attestation?: 'yes' | 'no';
  /** punch-in or punch-out: the person's own note on the shift, for the manager. */
  note?: string;
  /**
   * punch-out: of declaredTipsCents, what came on card (the rest is cash). The service keeps one
   * declared_tips; the split stays on the hub (labor-tips.json) for the tip report and payroll.
   */
  tipsCardCents?: number;
}

export interface PunchReceipt {
  punchIds: string[];
  action: PunchAction;
  at: number;
  userId: string;
  name: string;
  role: string | null;
  /** Punches of this kiosk still waiting for the service, this one included. */
  waitingToSync: number;
}

export interface TimesheetQuery {
  /** YYYY-MM-DD, inclusive. */
  fromDay: string;
  toDay: string;
  role?: string;
  userId?: string;
  sortBy: LaborSortKey;
  sortDir: 'asc' | 'desc';
}

export interface AuditChange {
  field: 'punch_in' | 'punch_out' | 'user_role_uuid' | 'time_punch_type' | 'declared_tips';
  from: string | number | null;
  to: string | number | null;
}

/** One manager edit, kept locally (the service keeps no history we can read). */
export interface AuditRecord {
  id: string;
  entryUuid: string;
  at: number;
  byUserId: string;
  byName: string;
  changes: AuditChange[];
  /** Why the manager made the change, in their words (null in records made before reasons were asked). */
  reason: string | null;
  /** Made after the entry's pay period was signed off. */
  late?: boolean;
}

export interface TimesheetRow extends LaborEntry {
  name: string;
  audit: AuditRecord[];
  /** A break's kind chosen at the kiosk (kept on the hub); absent when none was chosen. */
  breakKind?: BreakKind | null;
  /** A shift's notes, from the kiosk and the entry editor. */
  notes?: ShiftNote[];
  /** A shift's answer at punch-out to the break preset's question. */
  attestation?: Attestation | null;
}

export interface PersonTotals {
  userId: string;
  name: string;
  shifts: number;
  /** Shift time minus unpaid breaks; open shifts count up to `now`. */
  workedMs: number;
  breakMs: number;
  tipsCents: number;
}

export interface TimesheetView {
  query: TimesheetQuery;
  rows: TimesheetRow[];
  totals: PersonTotals[];
  /** The service returned as many rows as asked for: there may be more. */
  truncated: boolean;
  fetchedAt: number;
  /** Punches of people in this view that are not on the service yet. */
  unsynced: OutboxItem[];
  /** What the core did to these days' time cards that a manager should look at. */
  reviewNotes?: ReviewNoteView[];
  /** Pay periods, sign-offs and Needs review decisions kept on the hub. */
  approval?: ApprovalView;
}

/** A shift the core clocked out at the business day's end, or a break a manager let end early. */
export interface ReviewNoteView {
  id: string;
  kind: 'auto-closed' | 'break-override';
  userId: string;
  name: string;
  at: number;
  day: string;
  byName: string | null;
  detail: string;
}

/** What a manager may change on an entry (spec 4 PATCH). Times are unix ms. */
export interface EntryPatch {
  /** Why: required, kept in the audit trail and the payroll CSV; never sent to the service. */
  reason: string;
  punchIn?: number;
  punchOut?: number | null;
  roleUuid?: string;
  punchType?: string;
  declaredTips?: number | null;
}

/** Where the app learned of a person it offers when a manager adds staff. */
export type CandidateSource = 'service' | 'practice-venue' | 'roster';

/** A person a manager may add to the staff list, as the app knows them at the kiosk's location. */
export interface StaffCandidate {
  userId: string;
  /** null: no source knows this person's name (the service's labor entries carry ids and roles only). */
  name: string | null;
  /** Roles at the kiosk's location: by name where any source names them, else as the service keys them. */
  roles: StaffRole[];
  sources: CandidateSource[];
  /** Already on this kiosk's staff list. */
  onRoster: boolean;
}

/** Who a manager can pick from when adding staff, and which sources could not be read this time. */
export interface StaffCandidates {
  /** Days of the service's labor entries read (up to today, at the kiosk's location). */
  serviceDays: number;
  candidates: StaffCandidate[];
  /** Every role known at the location, to pick one by name. */
  roles: StaffRole[];
  unread: { source: CandidateSource; sentence: string; detail: string | null }[];
}

export interface StaffInput {
  userId: string;
  name: string;
  manager: boolean;
  roles: (StaffRole & { locationUuid: string })[];
}

export interface LocationChoice {
  uuid: string;
  name: string;
  timezone: string | null;
}
