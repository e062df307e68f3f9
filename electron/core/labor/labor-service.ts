// The labor feature's core: roster and PINs, kiosk punches into the durable outbox, the one
// drainer that sends them, the live board, and the manager's timesheet. It only reaches the
// service through `api()` at call time (the client is rebuilt when settings change) and reports
// every change as one `labor` event.
import { AppError, appError } from '../../../shared/app-error';
import type {
  EntryPatch,
  LaborEntry,
  LaborSettings,
  StaffCandidates,
  TimesheetQuery,
  TimesheetRow,
  TimesheetView,
} from '../../../shared/labor';
import type {
  BoardRow,
  LaborView,
  KioskLocation,
  LocationChoice,
  OutboxItem,
  PunchInput,
  PunchReceipt,
} from '../../../shared/labor';
import { addDays, fiscalDayOf } from '../../../shared/labor-calc';
import { locationsResponseSchema } from '../../../shared/schemas/service';
import type { ServiceClient } from '../api/service-client';
import { TypedEmitter } from '../typed-emitter';
import { AuditLog } from './audit-log';
import { parkedPunchIns, projectBoard, publicRow, type BoardCache, type LiveRow } from './board';
import { loadBoardCache, saveBoardCache } from './board-cache';
import { buildPunches } from './build-punches';
import { DEMO_MANAGERS, DEMO_PINS } from './demo-roster';
import { Drainer, type DrainerTuning } from './drainer';
import type { EntryMoney } from './entry-normalize';
import { getEntry, listEntries, type LaborApiContext } from './labor-api';
import { isServiceError } from '../api/errors';
import { loadLaborSettings, saveLaborSettings, type StoredLaborSettings } from './labor-settings-store';
import { Outbox, type PunchState } from './outbox';
import { AUTO_CLOSE_PREFIX } from './punch';
import { gatherStaffCandidates } from './staff-candidates';
import { DEFAULT_SCRYPT_N } from './pin-hash';
import { Roster, ROSTER_UNREADABLE, rosterUnreadable, type DemoStaff } from './roster';
import { kioskRosterOf, kioskRosterStamp } from './kiosk-roster';
import type { KioskStaff } from '../../../shared/hub';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { KioskAccess } from './kiosk-access';
import { LOCAL_CALLER, runAsCaller } from '../caller';
import { editEntry } from './edit-entry';
import { loadTimesheet } from './timesheet';
import { errorMessage } from '../../../shared/errors';
import { OVERTIME_PRESETS, weekStartOf } from '../../../shared/labor-rules/overtime';
import { WeekWork } from './week-work';
import { ReviewNotes } from './review-notes';
import { businessDayEndAfter } from '../../../shared/labor-rules/business-day';
import { BREAK_PRESETS, minimumBreakMinutes } from '../../../shared/labor-rules/breaks';
import { clockTime } from '../../../shared/time';
import { formatDuration } from '../../../shared/labor-calc';
import type { DamageSink } from '../storage/data-health';
import type { ScheduleHooks } from './schedule/schedule-hooks';
import { TimeCardLog } from './approval/time-card-log';
import { checkExtras, recordExtras } from './approval/punch-extras';
import { daysOfEdit, lateEditCheck, withApproval } from './approval/approval-service';
import { minimumForKind } from '../../../shared/labor-rules/breaks';

/** The week's closed shifts change only when a shift ends; read again at least this often. */
const WEEK_READ_MAX_AGE_MS = 5 * 60_000;

export interface LaborTuning extends DrainerTuning {
  /** How often the board re-reads the open entries; 0 = only after punches and on demand. */
  boardRefreshMs: number;
  scryptN: number;
  /** How often open shifts are checked against the business day's end; 0 = only after board refreshes. */
  autoCloseCheckMs: number;
}

export const DEFAULT_LABOR_TUNING: LaborTuning = {
  timeoutMs: 15_000,
  settleMs: 30_000,
  quickSettleMs: 1_000,
  backoffMinMs: 1_000,
  backoffMaxMs: 10_000,
  concurrency: 4,
  notFoundRetries: 5,
  boardRefreshMs: 15_000,
  scryptN: DEFAULT_SCRYPT_N,
  autoCloseCheckMs: 30_000,
};

/** Days of labor entries read for the people a manager may add: a few weeks of rota. */
const CANDIDATE_DAYS = 28;

export const ROSTER_ASIDE_LOCKED =
  'A damaged staff list can be set aside only on this computer outside kiosk mode: restart the app without kiosk mode';

export interface LaborServiceOptions {
  dataDir: string;
  api: () => ServiceClient;
  now?: () => number;
  /** Clock of PIN sessions and lockouts, when it is not `now` (tests step it past a session's life). */
  sessionClock?: () => number;
  kioskMode?: boolean;
  /** The embedded sandbox's staff, to seed the roster with demo PINs (sandbox mode only). */
  demoStaff?: () => DemoStaff[] | null | Promise<DemoStaff[] | null>;
  /**
   * Whether a real service has answered on the venue's connection. Once one has, the venue has
   * left the practice venue and its well-known PINs are removed from the roster (absent: never).
   * Saving a service's address is not enough: one that never answers must leave them working.
   */
  leftPractice?: () => boolean;
  tuning?: Partial<LaborTuning>;
  log?: (line: string) => void;
  /** Unit of the open money fields (declared_tips) on the current connection; cents when absent. */
  money?: () => EntryMoney;
  /** Where unreadable files in the data folder are reported (the data-health notices). */
  damage?: DamageSink;
}

export interface LaborEvents {
  labor: LaborView;
}

export class LaborService {
  readonly events = new TypedEmitter<LaborEvents>();
  readonly tuning: LaborTuning;
  readonly outbox: Outbox;
  readonly roster: Roster;
  readonly access: KioskAccess;
  /**
   * Keeps a punch-out's cash/card tip split on the hub (labor/pay/pay-service.ts), before the punch
   * is captured; it throws to refuse a split that does not fit the declared tips. Set by the composition.
   */
  tipsSplit: ((userId: string, input: PunchInput, at: number) => void) | null = null;
  /** The kiosk's sessions (the Electron shell's close guard asks whether a manager is signed in). */
  get sessions(): KioskAccess['sessions'] {
    return this.access.sessions;
  }
  private readonly audit: AuditLog;
  /** Time-card approval kept on the hub: sign-offs, decisions, attestations, break kinds, notes. */
  readonly timeCards: TimeCardLog;
  private readonly drainer: Drainer;
  private readonly now: () => number;
  private stored: StoredLaborSettings;
  private cache: BoardCache | null;
  private boardError: string | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly weekWork = new WeekWork();
  private readonly notes: ReviewNotes;
  private autoCloseTimer: ReturnType<typeof setInterval> | null = null;
  private stampOf: { revision: number; stamp: string } | null = null;
  /** The hub's schedule (schedule/schedule-service.ts): early punch-ins, scheduled clock-outs, alerts. */
  schedule: ScheduleHooks | null = null;

  constructor(private readonly options: LaborServiceOptions) {
    this.tuning = { ...DEFAULT_LABOR_TUNING, ...options.tuning };
    this.now = options.now ?? Date.now;
    const { dataDir, log } = options;
    const { damage } = options;
    // The kiosk has run here before: a missing outbox is then damage, not a first run.
    const ranBefore = existsSync(join(dataDir, 'labor-settings.json')) || existsSync(join(dataDir, 'labor-staff.json'));
    this.stored = loadLaborSettings(dataDir, log, damage);
    this.cache = loadBoardCache(dataDir, damage);
    const markRosterSeen = () => {
      if (!this.stored.rosterSeen) {
        this.stored = { ...this.stored, rosterSeen: true };
        saveLaborSettings(dataDir, this.stored);
      }
    };
    this.roster = new Roster(dataDir, this.tuning.scryptN, log, {
      damage,
      expected: this.stored.rosterSeen === true,
      saved: markRosterSeen,
    });
    if (this.roster.exists()) markRosterSeen();
    this.access = new KioskAccess({
      roster: this.roster,
      now: options.sessionClock ?? this.now,
      locationUuid: () => this.stored.location?.uuid ?? null,
      nameTapNeedsPin: () => this.stored.settings.nameTapNeedsPin,
      changed: () => this.emitNow(),
    });
    this.audit = new AuditLog(dataDir, log, damage);
    this.notes = new ReviewNotes(dataDir, log, damage);
    this.outbox = new Outbox({
      dir: dataDir,
      now: this.now,
      settleAfterAttemptMs: this.tuning.timeoutMs + this.tuning.settleMs,
      log,
      damage,
      expected: ranBefore,
    });
    this.timeCards = new TimeCardLog(dataDir, (ref) => this.outbox.resolve(ref), log, damage);
    this.drainer = new Drainer({
      outbox: this.outbox,
      api: options.api,
      now: this.now,
      tuning: this.tuning,
      fiscalDayFor: (uuid) => this.fiscalDayFor(uuid),
      timezoneFor: (uuid) => this.timezoneFor(uuid),
      resolveRole: (userId, named, uuid) => this.resolveRole(userId, named, uuid),
      money: () => options.money?.(),
      onChange: () => this.emitSoon(),
      onDone: () => {
        this.weekWork.invalidate();
        this.refreshSoon();
      },
      log,
    });
  }

  async start(): Promise<void> {
    await this.leavePractice();
    await this.seedDemoRoster();
    this.drainer.kick();
    if (this.tuning.boardRefreshMs > 0) {
      this.pollTimer = setInterval(() => void this.refreshBoard(), this.tuning.boardRefreshMs);
      this.pollTimer.unref?.();
    }
    this.noteAutoCloses();
    this.autoCloseDue();
    if (this.tuning.autoCloseCheckMs > 0) {
      this.autoCloseTimer = setInterval(() => this.autoCloseDue(), this.tuning.autoCloseCheckMs);
      this.autoCloseTimer.unref?.();
    }
    void this.refreshBoard();
    this.emitNow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of [this.refreshTimer, this.emitTimer]) if (t) clearTimeout(t);
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.autoCloseTimer) clearInterval(this.autoCloseTimer);
    this.drainer.stop();
    this.outbox.close();
    this.audit.close();
    this.notes.close();
    this.timeCards.close();
  }

  nowMs(): number {
    return this.now();
  }

  /** Today's business day at the kiosk's location. */
  todayOfVenue(): string {
    return this.apiContext().fiscalDayOf(this.now());
  }

  /**
   * Clocks out every shift still open at its business day's end (the venue's "HH:MM"), at that
   * time, and flags it for review. The punch id names the shift, and the outbox keeps punch ids,
   * so a shift is closed once however often this runs, across restarts; the drainer reads the shift
   * before sending it, so a second kiosk that closes it too sends nothing. Returns how many it closed.
   */
  autoCloseDue(): number {
    const end = this.stored.settings.businessDayEnd;
    const loc = this.stored.location;
    if (this.stopped || !loc || this.roster.unreadable) return 0;
    const now = this.now();
    let closed = 0;
    for (const row of this.liveRows()) {
      // The scheduled end plus the grace when the schedule has this shift; else the business day's end.
      const scheduled = this.schedule?.closeAt(row.userId, row.shiftStart) ?? null;
      const at = scheduled?.at ?? (end === null ? null : businessDayEndAfter(row.shiftStart, end, loc.timezone));
      if (at === null || at > now) continue;
      const key = 'uuid' in row.shiftRef ? row.shiftRef.uuid : row.shiftRef.local;
      const punchId = `${AUTO_CLOSE_PREFIX}${key}`;
      if (this.outbox.has(punchId) || this.notes.has(punchId)) continue;
      try {
        this.capture(row.userId, { action: 'punch-out', punchId }, at, { tipsUnknown: true });
      } catch (error) {
        this.options.log?.(
          `labor: could not clock out ${row.userId} at the business day's end: ${errorMessage(error)}`,
        );
        continue;
      }
      this.noteAutoClose(punchId, row.userId, at, row.shiftStart, scheduled?.detail);
      closed += 1;
    }
    return closed;
  }

  private noteAutoClose(punchId: string, userId: string, at: number, shiftStart: number, detail?: string): void {
    const loc = this.stored.location;
    const tz = loc?.timezone ?? null;
    this.notes.add({
      id: punchId,
      kind: 'auto-closed',
      userId,
      name: this.roster.nameOf(userId),
      at,
      day: loc ? this.fiscalDayFor(loc.uuid)(shiftStart) : '',
      byUserId: null,
      byName: null,
      detail: detail ?? `Still on shift at the end of the business day: clocked out at ${clockTime(at, tz)}`,
    });
  }

  /** What the core did to time cards that a manager should look at, oldest first. */
  reviewNotes(): ReturnType<ReviewNotes['all']> {
    return this.notes.all();
  }

  /** A stop between an auto clock-out's capture and its note: the note is written at the next start. */
  private noteAutoCloses(): void {
    for (const s of this.outbox.all()) {
      if (!s.p.id.startsWith(AUTO_CLOSE_PREFIX) || this.notes.has(s.p.id)) continue;
      const key = s.p.id.slice(AUTO_CLOSE_PREFIX.length);
      const shiftStart = this.outbox
        .all()
        .find(
          (o) => o.p.kind === 'shift-start' && (o.uuid === key || ('local' in o.p.shift && o.p.shift.local === key)),
        );
      const began = shiftStart?.p.capturedAt ?? s.p.capturedAt;
      // A clock-out the schedule made says so again (the same time means the same rule made it).
      const scheduled = this.schedule?.closeAt(s.p.userId, began);
      const detail = scheduled?.at === s.p.capturedAt ? scheduled.detail : undefined;
      this.noteAutoClose(s.p.id, s.p.userId, s.p.capturedAt, began, detail);
    }
  }

  /** A real service answered on the venue's connection: the practice venue's PINs go now. */
  async onServiceAnswered(): Promise<void> {
    if (this.stopped) return;
    await this.leavePractice();
  }

  /** The API client was rebuilt (settings changed): seed the demo roster if needed and resume sending. */
  async onClientChanged(): Promise<void> {
    if (this.stopped) return;
    await this.leavePractice();
    await this.seedDemoRoster();
    this.drainer.kick(true);
    void this.refreshBoard();
    this.emitSoon();
  }

  view(): LaborView {
    const loc = this.stored.location;
    return {
      kioskMode: this.options.kioskMode ?? false,
      kioskView: this.stored.kioskView,
      location: loc,
      settings: this.stored.settings,
      staff: loc
        ? this.roster.cardsAt(loc.uuid).map((c) => ({ ...c, language: this.timeCards.language(c.userId) }))
        : [],
      board: {
        rows: this.boardRows(),
        fetchedAt: this.cache?.locationUuid === loc?.uuid ? (this.cache?.fetchedAt ?? null) : null,
        error: this.boardError,
      },
      outbox: this.drainer.summary(),
      needsManagerSetup: this.roster.needsManagerSetup(),
      rosterError: this.roster.unreadable ? ROSTER_UNREADABLE : null,
      practicePinsRemoved: this.roster.needsManagerSetup() ? this.roster.practicePinsRemoved() : null,
      padLockedUntil: this.access.sessions.lockedUntilMs(),
      approvalLockedUntil: this.access.sessions.lockedUntilMs(undefined, 'approval'),
      rosterStamp: this.kioskRosterStamp(),
      scheduleAlerts: this.schedule?.alerts(this.boardRows()) ?? [],
    };
  }

  /** What a kiosk device keeps of the staff list for sign-in while the hub is away. */
  kioskRoster(): KioskStaff[] {
    return kioskRosterOf(this.roster.records());
  }

  /** The stamp of kioskRoster(), made again only when the list was written. */
  private kioskRosterStamp(): string {
    const revision = this.roster.revision;
    if (this.stampOf?.revision !== revision) this.stampOf = { revision, stamp: kioskRosterStamp(this.kioskRoster()) };
    return this.stampOf.stamp;
  }

  location(): KioskLocation {
    const loc = this.stored.location;
    if (!loc) throw appError('invalid', "Choose this kiosk's location first", { field: 'location' });
    return loc;
  }

  settings(): StoredLaborSettings {
    return this.stored;
  }

  saveSettings(next: Partial<StoredLaborSettings>): void {
    const locationChanged = next.location !== undefined && next.location?.uuid !== this.stored.location?.uuid;
    this.stored = { ...this.stored, ...next };
    saveLaborSettings(this.options.dataDir, this.stored);
    if (locationChanged) {
      this.boardError = null;
      void this.refreshBoard();
    }
    this.emitNow();
  }

  /**
   * The roster's role for a role an entry names by name, uuid or a code of the service's own (with
   * its user_role_uuid beside it): the person's own roles first, then anyone's role with that uuid.
   */
  resolveRole(
    userId: string,
    named: string | null,
    uuid: string | null,
  ): { role: string; roleUuid: string | null } | null {
    const want = named?.toLowerCase() ?? null;
    const matches = (r: { role: string; roleUuid: string | null }) =>
      (uuid !== null && r.roleUuid === uuid) ||
      (want !== null && (r.role.toLowerCase() === want || r.roleUuid?.toLowerCase() === want));
    const own = this.roster.get(userId)?.roles.find(matches);
    if (own) return { role: own.role, roleUuid: own.roleUuid };
    for (const s of this.roster.views()) {
      const any = s.roles.find(matches);
      if (any) return { role: any.role, roleUuid: any.roleUuid };
    }
    return null;
  }

  timezoneFor(locationUuid: string): string | null {
    return this.stored.location?.uuid === locationUuid ? (this.stored.location.timezone ?? null) : null;
  }

  fiscalDayFor(locationUuid: string): (ms: number) => string {
    const tz = this.stored.location?.uuid === locationUuid ? this.stored.location.timezone : null;
    const hour = this.stored.settings.fiscalDayStartHour;
    return (ms) => fiscalDayOf(ms, tz, hour);
  }

  apiContext(): LaborApiContext {
    const loc = this.location();
    return {
      client: this.options.api(),
      locationUuid: loc.uuid,
      fiscalDayOf: this.fiscalDayFor(loc.uuid),
      timezone: this.timezoneFor(loc.uuid),
      resolveRole: (userId, named, uuid) => this.resolveRole(userId, named, uuid),
      timeoutMs: this.tuning.timeoutMs,
      money: this.options.money?.(),
    };
  }

  /** Locations this kiosk could punch at, with their time zones when the service gives them. */
  async locations(): Promise<LocationChoice[]> {
    const read = await this.options.api().readLocationRows('integration');
    const parsed = locationsResponseSchema.safeParse(read.rows);
    if (!parsed.success)
      throw new AppError('cannot-read', 'The service answered the locations list with an unexpected shape', {
        what: 'the locations list',
      });
    const zones = new Map<string, string>();
    for (const item of read.rows as Record<string, unknown>[]) {
      const uuid = item?.uuid ?? item?.locationUuid ?? item?.location_uuid ?? item?.id;
      const tz = item?.timezone ?? item?.time_zone ?? item?.timeZone;
      if (typeof uuid === 'string' && typeof tz === 'string') zones.set(uuid, tz);
    }
    return parsed.data.map((l) => ({ uuid: l.uuid, name: l.name, timezone: zones.get(l.uuid) ?? null }));
  }

  /** The person's current state: the board row (service + local punches), or null when off shift. */
  rowFor(userId: string): LiveRow | null {
    return this.liveRows().find((r) => r.userId === userId) ?? null;
  }

  /**
   * Records a punch durably (after this returns, it is never lost) and wakes the drainer.
   * A repeated `punchId` returns the first capture's receipt instead of capturing again.
   * `at`: when a satellite kiosk took the punch while the hub was unreachable (its own clock).
   */
  capture(userId: string, input: PunchInput, at?: number, how: { tipsUnknown?: boolean } = {}): PunchReceipt {
    const loc = this.location();
    const member = this.roster.get(userId);
    const name = member?.name ?? this.roster.nameOf(userId);
    if (input.punchId && this.outbox.has(input.punchId)) {
      const s = this.outbox.get(input.punchId) as PunchState;
      return this.receipt([s.p.id], input.action, s.p.capturedAt, userId, name, s.p.role);
    }
    const roles = (member?.roles ?? [])
      .filter((r) => r.locationUuid === loc.uuid)
      .map(({ role, roleUuid }) => ({ role, roleUuid }));
    checkExtras(input);
    this.tipsSplit?.(userId, input, at ?? this.now());
    const row = this.rowFor(userId);
    const drafts = buildPunches(input, {
      locationUuid: loc.uuid,
      userId,
      name,
      roles,
      row,
      now: at ?? this.now(),
      timezone: loc.timezone ?? null,
    });
    // Nobody declared tips for a shift the core clocked out: none are sent, rather than $0.00.
    const punches = this.outbox.capture(
      how.tipsUnknown ? drafts.map((d) => (d.kind === 'shift-end' ? { ...d, declaredTips: null } : d)) : drafts,
    );
    recordExtras(this.timeCards, {
      input,
      row,
      punches,
      userId,
      name,
      breakPreset: this.stored.settings.breakPreset,
      dayOf: this.fiscalDayFor(loc.uuid),
    });
    this.drainer.kick();
    this.emitNow();
    const main = punches[punches.length - 1];
    return this.receipt(
      punches.map((p) => p.id),
      input.action,
      main.capturedAt,
      userId,
      name,
      main.role,
    );
  }

  /** The kiosk's location: open while none is set, afterwards only a manager may change it. */
  setLocation(token: string | null, location: LocationChoice): LaborView {
    if (this.stored.location !== null) {
      if (!token)
        throw appError('pin-required', "Only a manager can change this kiosk's location", { role: 'manager' });
      this.access.requireManager(token);
    }
    this.saveSettings({ location });
    return this.view();
  }

  /** The core locks down as a kiosk: started with --kiosk, or a workstation in kiosk view. */
  lockedDown(): boolean {
    return (this.options.kioskMode ?? false) || this.stored.kioskView;
  }

  /**
   * Anyone at the workstation may lock it into kiosk view, but only when a manager with a PIN
   * exists: otherwise nobody could ever leave it.
   */
  enterKioskView(): LaborView {
    if (this.roster.unreadable) throw rosterUnreadable();
    if (this.roster.needsManagerSetup())
      throw new AppError('conflict', 'Add a manager with a PIN first: leaving kiosk view needs a manager PIN', {
        what: 'manager',
      });
    this.saveSettings({ kioskView: true });
    return this.view();
  }

  /** Only a manager's session leaves kiosk view (checked here, whatever the screen shows). */
  leaveKioskView(token: string): LaborView {
    this.access.requireManager(token);
    this.saveSettings({ kioskView: false });
    return this.view();
  }

  saveLaborSettings(token: string, settings: LaborSettings): LaborView {
    this.access.requireManager(token);
    this.saveSettings({ settings });
    return this.view();
  }

  punch(token: string, input: PunchInput): PunchReceipt {
    const session = this.access.requireStaff(token);
    // A paired kiosk's punch spends its session's one-punch grant (kiosk-access.ts).
    return this.access.punchOnce(session, input.punchId, () => this.punchAs(session.userId, input));
  }

  private punchAs(userId: string, input: PunchInput): PunchReceipt {
    const { managerToken, ...punch } = input;
    // The schedule's early rule, decided here on the hub (a paired kiosk's punch: kiosk-relay.ts).
    if (input.action === 'punch-in' && !this.rowFor(userId)) this.schedule?.checkPunchIn(userId, managerToken);
    const allowedBy = input.action === 'break-end' ? this.checkBreakLength(userId, managerToken) : null;
    const receipt = this.capture(userId, punch);
    if (allowedBy) {
      const loc = this.location();
      this.notes.add({
        id: receipt.punchIds[receipt.punchIds.length - 1],
        kind: 'break-override',
        userId,
        name: receipt.name,
        at: receipt.at,
        day: this.fiscalDayFor(loc.uuid)(allowedBy.shiftStart),
        byUserId: allowedBy.by.userId,
        byName: allowedBy.by.name,
        detail: `Break ended after ${formatDuration(receipt.at - allowedBy.breakStart)} of its ${allowedBy.minimum} min minimum, allowed by ${allowedBy.by.name}`,
      });
    }
    return receipt;
  }

  /**
   * Where the venue blocks ending a break early: throws break-too-short before the minimum, unless a
   * manager's session on this same device allows it (then says who, for the review note).
   */
  private checkBreakLength(
    userId: string,
    managerToken: string | undefined,
  ): { by: { userId: string; name: string }; minimum: number; breakStart: number; shiftStart: number } | null {
    const { settings } = this.stored;
    if (!settings.blockEarlyBreakEnd) return null;
    const row = this.rowFor(userId);
    if (!row || row.breakStart === null) return null;
    // A break is held to its own kind's minimum (a rest's 10 min, never a meal's 30); a break
    // whose kind nobody chose is read from paid or unpaid, as kiosks before kinds took them unpaid.
    const kind = row.breakRef ? this.timeCards.breakKindOf(row.breakRef) : null;
    const minimum = kind
      ? minimumForKind(BREAK_PRESETS[settings.breakPreset], kind)
      : minimumBreakMinutes(BREAK_PRESETS[settings.breakPreset], false);
    if (minimum === null) return null;
    const endsAt = row.breakStart + minimum * 60_000;
    if (this.now() >= endsAt) return null;
    if (!managerToken)
      throw new AppError('break-too-short', `A break lasts at least ${minimum} min here`, {
        minimumMinutes: minimum,
        endsAt,
      });
    const by = this.access.who(this.access.requireManager(managerToken));
    return { by, minimum, breakStart: row.breakStart, shiftStart: row.shiftStart };
  }

  /** Manager: the people to pick from when adding staff (see staff-candidates.ts). */
  async staffCandidates(token: string): Promise<StaffCandidates> {
    this.access.requireManager(token);
    const loc = this.stored.location;
    if (!loc) return { serviceDays: 0, candidates: [], roles: [], unread: [] };
    return gatherStaffCandidates({
      locationUuid: loc.uuid,
      serviceDays: CANDIDATE_DAYS,
      roster: this.roster.views(),
      practiceVenue: async () => (await this.options.demoStaff?.()) ?? null,
      serviceEntries: async () => {
        const ctx = this.apiContext();
        const today = ctx.fiscalDayOf(this.now());
        return listEntries(ctx, {
          type: 'shifts',
          fiscal_day_start: addDays(today, -(CANDIDATE_DAYS - 1)),
          fiscal_day_end: today,
          limit: 1000,
        });
      },
    });
  }

  async timesheet(token: string, query: TimesheetQuery): Promise<TimesheetView> {
    this.access.requireManager(token);
    const ctx = this.apiContext();
    const unsynced = this.outboxItems().filter((i) => {
      const day = ctx.fiscalDayOf(i.capturedAt);
      return day >= query.fromDay && day <= query.toDay;
    });
    const view = await loadTimesheet(query, {
      ctx,
      audit: this.audit,
      nameOf: (id) => this.roster.nameOf(id),
      unsynced,
      now: this.now(),
    });
    const reviewNotes = this.notes
      .all()
      .filter((n) => n.day >= query.fromDay && n.day <= query.toDay && (!query.userId || n.userId === query.userId))
      .map(({ id, kind, userId, name, at, day, byName, detail }) => ({
        id,
        kind,
        userId,
        name,
        at,
        day,
        byName,
        detail,
      }));
    return withApproval({ ...view, reviewNotes }, this.timeCards);
  }

  /** A manager's edit of one entry, recorded in the audit log with who made it. */
  async editEntry(token: string, entryUuid: string, patch: EntryPatch): Promise<TimesheetRow> {
    const by = this.access.who(this.access.requireManager(token));
    const roleName = (uuid: string) =>
      this.roster
        .views()
        .flatMap((m) => m.roles)
        .find((r) => r.roleUuid === uuid)?.role ?? null;
    const reason = patch.reason.trim();
    // A day in a signed-off pay period: refused without a reason (its own kind), marked late with one.
    // Read only once a period is signed off: until then an edit makes no extra call to the service.
    const signedOff =
      this.timeCards.allSignOffs().length > 0
        ? lateEditCheck(this.timeCards, await daysOfEdit(this, entryUuid, patch.punchIn), reason)
        : null;
    if (!reason)
      throw new AppError('invalid', 'Say why the entry is changed: the reason is kept with the edit', {
        field: 'reason',
      });
    const outcome = await editEntry(this.apiContext(), entryUuid, patch, roleName);
    const record = this.audit.add(entryUuid, by, outcome.changes, this.now(), reason);
    if (signedOff) this.timeCards.markLate(record.id);
    void this.refreshBoard();
    const late = new Set(this.timeCards.lateEdits());
    return {
      ...outcome.after,
      name: this.roster.nameOf(outcome.after.userId),
      audit: this.audit.forEntry(entryUuid).map((a) => (late.has(a.id) ? { ...a, late: true } : a)),
    };
  }

  managerOutbox(token: string): OutboxItem[] {
    this.access.requireManager(token);
    return this.outboxItems();
  }

  managerRetry(token: string, punchId: string): OutboxItem[] {
    const by = this.access.who(this.access.requireManager(token));
    this.retryPunch(punchId, `${by.name} (${by.userId})`);
    return this.outboxItems();
  }

  managerDiscard(token: string, punchId: string): OutboxItem[] {
    const by = this.access.who(this.access.requireManager(token));
    this.discardPunch(punchId, `${by.name} (${by.userId})`);
    return this.outboxItems();
  }

  outboxItems(): OutboxItem[] {
    return this.outbox.items();
  }

  retryPunch(id: string, by: string): void {
    this.outbox.retry(id, by);
    this.drainer.kick(true);
    this.emitNow();
  }

  discardPunch(id: string, by: string): void {
    this.outbox.discard(id, by);
    this.options.log?.(`labor: punch ${id} discarded by ${by}`);
    this.emitNow();
  }

  /** Send now: forget backoffs (never the wait before re-reading an unclear send). */
  syncNow(): void {
    for (const s of this.outbox.all()) s.notBefore = 0;
    this.drainer.kick(true);
    void this.refreshBoard();
  }

  /** Re-reads the open entries (and recent breaks) of the kiosk's location; never throws. */
  refreshBoard(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = this.doRefresh().finally(() => {
      this.refreshing = null;
      if (this.refreshAgain && !this.stopped) {
        this.refreshAgain = false;
        void this.refreshBoard();
      }
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    const loc = this.stored.location;
    if (!loc || this.stopped) return;
    const startedAt = this.now();
    try {
      const ctx = this.apiContext();
      const today = ctx.fiscalDayOf(startedAt);
      const [open, recentBreaks] = await Promise.all([
        listEntries(ctx, { type: 'all', is_open: true, limit: 1000 }),
        listEntries(ctx, {
          type: 'breaks',
          is_open: false,
          fiscal_day_start: addDays(today, -1),
          fiscal_day_end: today,
          limit: 1000,
        }),
      ]);
      if (this.stopped || this.stored.location?.uuid !== loc.uuid) return;
      open.push(...(await this.stillOpen(ctx, loc.uuid, open)));
      if (this.stopped || this.stored.location?.uuid !== loc.uuid) return;
      this.cache = { locationUuid: loc.uuid, fetchStartedAt: startedAt, fetchedAt: this.now(), open, recentBreaks };
      saveBoardCache(this.options.dataDir, this.cache);
      this.boardError = null;
      // The service answers again: whatever waited in the outbox can go now.
      this.drainer.kick(true);
      await this.readWeek(ctx, today);
    } catch (error) {
      this.boardError = errorMessage(error);
    }
    this.autoCloseDue();
    this.emitSoon();
  }

  /**
   * Entries open at the last fetch that this one did not list. A paged list read while entries
   * close (offset paging shifts under the reader) can skip a row that is still open, and a person
   * missing from the board cannot punch out: each one is read alone, and kept while still open.
   */
  private async stillOpen(ctx: LaborApiContext, locationUuid: string, open: LaborEntry[]): Promise<LaborEntry[]> {
    const listed = new Set(open.map((e) => e.uuid));
    const previous = this.cache && this.cache.locationUuid === locationUuid ? this.cache : null;
    const missing: { uuid: string; known: LaborEntry | null }[] = (previous?.open ?? [])
      .filter((e) => !listed.has(e.uuid))
      .map((e) => ({ uuid: e.uuid, known: e }));
    // Entries this kiosk opened that the board showed from the outbox (confirmed after the last
    // fetch began): once this fetch has started, the board takes them from the fetch alone, so one
    // the paged list skipped would vanish and its person could not take a break or punch out.
    const seen = new Set(missing.map((m) => m.uuid));
    for (const s of this.outbox.all()) {
      if (s.status !== 'done' || s.uuid === null || s.p.locationUuid !== locationUuid) continue;
      if (s.p.kind !== 'shift-start' && s.p.kind !== 'break-start') continue;
      if (previous !== null && (s.doneAt ?? 0) < previous.fetchStartedAt) continue;
      if (listed.has(s.uuid) || seen.has(s.uuid)) continue;
      seen.add(s.uuid);
      missing.push({ uuid: s.uuid, known: null });
    }
    const kept: LaborEntry[] = [];
    for (const m of missing.slice(0, 50)) {
      try {
        const now = await getEntry(ctx, m.uuid);
        if (now.punchOut === null) kept.push(now);
      } catch (error) {
        // Gone (404) is closed for the board; any other failure keeps what we knew. For an entry
        // known only from the outbox, a failure worth retrying (network, 5xx, 429) fails this
        // refresh, so the board keeps the last fetch (which still lays that punch on top) rather
        // than dropping the person; a lasting refusal (a service without this read) must not stop
        // every refresh after it, so that entry is left to the lists.
        if (isServiceError(error) && error.kind === 'http' && error.status === 404) continue;
        if (m.known === null) {
          if (!isServiceError(error) || error.retryable) throw error;
          continue;
        }
        kept.push(m.known);
      }
    }
    return kept;
  }

  /** This workweek's closed shifts, for weekly and 7th-day overtime on the board; never throws. */
  private async readWeek(ctx: LaborApiContext, today: string): Promise<void> {
    const weekStart = weekStartOf(today, OVERTIME_PRESETS[this.stored.settings.overtimePreset].weekStartsOn);
    if (!this.weekWork.needsRead(ctx.locationUuid, weekStart, today, this.now(), WEEK_READ_MAX_AGE_MS)) return;
    try {
      await this.weekWork.refresh(ctx, weekStart, today, this.now);
    } catch (error) {
      this.options.log?.(`labor: could not read this week's shifts for overtime: ${errorMessage(error)}`);
    }
  }

  /** What the board shows: the live rows and, after them, the people whose punch-in is parked. */
  private boardRows(): BoardRow[] {
    const loc = this.stored.location;
    const rows = this.liveRows().map(publicRow);
    if (!loc) return rows;
    return [...rows, ...parkedPunchIns(this.outbox, loc.uuid, rows, (id) => this.roster.nameOf(id))];
  }

  private liveRows(): LiveRow[] {
    const loc = this.stored.location;
    if (!loc) return [];
    const rows = projectBoard(this.cache, this.outbox, loc.uuid, (id) => this.roster.nameOf(id));
    this.weekWork.annotate(rows, loc.uuid, this.fiscalDayFor(loc.uuid));
    return rows;
  }

  private receipt(
    ids: string[],
    action: PunchInput['action'],
    at: number,
    userId: string,
    name: string,
    role: string | null,
  ): PunchReceipt {
    const s = this.drainer.summary();
    return { punchIds: ids, action, at, userId, name, role, waitingToSync: s.pending + s.blocked + s.failed };
  }

  /**
   * On a real service that has answered, nobody keeps the practice venue's well-known PINs
   * (manager 9999): they go, with the practice managers' rights and those people's open sessions,
   * and the venue is in the first-run "set a manager PIN" state unless a manager had already set a
   * PIN of their own.
   */
  private async leavePractice(): Promise<void> {
    if (this.options.leftPractice?.() !== true) return;
    const dropped = await this.roster.dropDemoPins(DEMO_PINS, DEMO_MANAGERS, this.now());
    if (dropped.length === 0) return;
    const gone = new Set(dropped.map((s) => s.userId));
    this.access.sessions.recheck((userId) => !gone.has(userId) && this.roster.get(userId) !== undefined);
    this.options.log?.(
      `labor: this venue is no longer on the practice service, so the practice venue's PINs were removed from ${dropped
        .map((s) => s.name)
        .join(', ')}${
        this.roster.needsManagerSetup() ? '; no manager has a PIN now: set a manager PIN in Settings' : ''
      }`,
    );
    this.emitNow();
  }

  /**
   * This computer's own screen, outside kiosk lockdown: the staff list cannot be read, so no manager
   * can sign in; set the damaged list aside (its bytes kept) and start a new, empty one, which
   * brings the first-run "set a manager PIN" state.
   */
  setRosterAside(): LaborView {
    if (this.lockedDown()) throw new AppError('forbidden', ROSTER_ASIDE_LOCKED, { by: 'venue' });
    const { keptAs } = this.roster.setAside(this.now());
    this.access.sessions.recheck(() => false);
    this.options.damage?.({
      severity: 'warning',
      path: join(this.options.dataDir, 'labor-staff.json'),
      keptAs,
      count: null,
      sentence:
        'The damaged staff list was set aside on this computer and a new, empty one started: set a manager PIN, then add staff and their PINs again. The damaged file is kept.',
      detail: `set aside on this computer's own screen; the damaged bytes are kept as ${keptAs ?? 'nothing (the file was missing)'}`,
    });
    this.options.log?.(
      `labor: the unreadable staff list was set aside on this computer's screen (kept as ${keptAs ?? 'nothing: the file was missing'}); a new, empty staff list was started`,
    );
    this.emitNow();
    return this.view();
  }

  private async seedDemoRoster(): Promise<void> {
    let staff: DemoStaff[] | null | undefined;
    try {
      staff = await this.options.demoStaff?.();
    } catch (error) {
      this.options.log?.(`labor: could not read the sandbox demo staff: ${errorMessage(error)}`);
      return;
    }
    if (!staff) return;
    if (await this.roster.seedDemo(staff, DEMO_PINS, DEMO_MANAGERS))
      this.options.log?.('labor: roster seeded with the sandbox demo staff and PINs');
  }

  private refreshSoon(): void {
    if (this.refreshTimer || this.stopped) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.refreshBoard();
    }, 250);
    this.refreshTimer.unref?.();
  }

  emitSoon(): void {
    if (this.emitTimer || this.stopped) return;
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.emitNow();
    }, 50);
    this.emitTimer.unref?.();
  }

  emitNow(): void {
    if (this.stopped) return;
    // A push goes to every screen, whichever device's request caused it: it carries this
    // computer's own pad, never the lockout of the device that asked (that one reads laborView).
    this.events.emit(
      'labor',
      runAsCaller(LOCAL_CALLER, () => this.view()),
    );
  }
}
