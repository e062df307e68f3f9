// The hub's schedule: the manager's week grid and CSV import, and the rules the labor core asks it
// at the moments they apply (LaborService.schedule): a punch-in early under the kiosk's rule, the
// auto clock-out at the scheduled end plus the grace, late and no-show alerts on every board, and
// scheduled against actual in the timesheet. Nothing here is sent to the service (it has no
// schedule endpoint). Kiosk devices never read the schedule: they hear only the alerts the board
// carries (names and times, as the board shows), and the hub decides each punch-in.
import { randomUUID } from 'node:crypto';
import { AppError, appError } from '../../../../shared/app-error';
import type { BoardRow } from '../../../../shared/labor';
import {
  earlyPunchIn,
  scheduleAlerts,
  scheduledCloseAt,
  shiftTimes,
  weekDays,
  weekOf,
  type Arrival,
  type ScheduleAlert,
  type ScheduledShift,
  type ScheduleImportResult,
  type ScheduleRules,
  type ScheduleWeekView,
  type ShiftInput,
} from '../../../../shared/labor-schedule';
import { readScheduleCsv } from '../../../../shared/labor-schedule-csv';
import { addDays } from '../../../../shared/labor-calc';
import { clockTime } from '../../../../shared/time';
import type { DamageSink } from '../../storage/data-health';
import type { LaborService } from '../labor-service';
import { loadSchedule, saveSchedule, type StoredSchedule } from './schedule-store';

/** Shifts further back than this are dropped when the file is written (a year of history). */
const KEEP_DAYS = 400;
const EARLY_ALLOWED_KEPT = 50;

export interface ScheduleServiceOptions {
  dataDir: string;
  labor: LaborService;
  now?: () => number;
  log?: (line: string) => void;
  damage?: DamageSink;
  /** How often the alerts are worked out again as time passes; 0: only on board changes. */
  alertCheckMs?: number;
}

export class ScheduleService {
  private stored: StoredSchedule;
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastAlerts = '';

  constructor(private readonly options: ScheduleServiceOptions) {
    this.now = options.now ?? Date.now;
    this.stored = loadSchedule(options.dataDir, options.log, options.damage);
  }

  start(): void {
    const every = this.options.alertCheckMs ?? 30_000;
    if (every > 0) {
      this.timer = setInterval(() => this.tick(), every);
      this.timer.unref?.();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A late threshold passed since the last push: every board hears it. */
  tick(): void {
    const key = JSON.stringify(this.alerts(this.options.labor.view().board.rows).map((a) => [a.kind, a.shiftId]));
    if (key !== this.lastAlerts) {
      this.lastAlerts = key;
      this.options.labor.emitNow();
    }
  }

  private place(): { uuid: string; timezone: string | null } | null {
    const loc = this.options.labor.settings().location;
    return loc ? { uuid: loc.uuid, timezone: loc.timezone ?? null } : null;
  }

  rules(): ScheduleRules {
    return this.stored.rules;
  }

  /**
   * The early punch-in rule, at the hub (its own screen and every paired kiosk's punch): throws
   * punch-too-early unless a manager's session allows it (recorded with who and how early).
   */
  checkPunchIn(userId: string, managerToken: string | undefined, at = this.now()): void {
    const place = this.place();
    if (!place) return;
    const early = earlyPunchIn(this.stored.shifts, userId, place.uuid, at, this.stored.rules, place.timezone);
    if (!early) return;
    const managerMay = this.stored.rules.earlyPunch === 'manager';
    if (!managerToken || !managerMay)
      throw new AppError('punch-too-early', `Punched in ${early.minutesEarly} min before the scheduled start`, {
        minutesEarly: early.minutesEarly,
        startsAt: early.startsAt,
        allowedFrom: early.allowedFrom,
        managerMay,
      });
    const { access, roster } = this.options.labor;
    const by = access.who(access.requireManager(managerToken));
    this.stored = {
      ...this.stored,
      earlyAllowed: [
        { userId, name: roster.nameOf(userId), at, minutesEarly: early.minutesEarly, byName: by.name },
        ...this.stored.earlyAllowed,
      ].slice(0, EARLY_ALLOWED_KEPT),
    };
    this.save();
    this.options.log?.(
      `schedule: ${by.name} allowed ${roster.nameOf(userId)} to punch in ${early.minutesEarly} min early`,
    );
  }

  /** The scheduled end plus the grace for a shift open since `shiftStart`; null: the business day's end. */
  closeAt(userId: string, shiftStart: number): { at: number; detail: string } | null {
    const place = this.place();
    if (!place) return null;
    const close = scheduledCloseAt(
      this.stored.shifts,
      userId,
      place.uuid,
      shiftStart,
      this.stored.rules,
      place.timezone,
    );
    if (!close) return null;
    const end = clockTime(close.endsAt, place.timezone);
    return {
      at: close.at,
      detail: `Still on shift ${this.stored.rules.autoClockOutGraceMinutes ?? 0} min after the scheduled end (${end}): clocked out at ${clockTime(close.at, place.timezone)}`,
    };
  }

  /** Late and no-show alerts for the board rows given (and this hub's recent punch-ins). */
  alerts(rows: BoardRow[]): ScheduleAlert[] {
    const place = this.place();
    if (!place || this.stored.shifts.length === 0) return [];
    const now = this.now();
    const { labor } = this.options;
    const arrivals: Arrival[] = rows.map((r) => ({ userId: r.userId, at: r.shiftStart }));
    for (const s of labor.outbox.all())
      if (s.p.kind === 'shift-start' && s.status !== 'discarded' && s.p.locationUuid === place.uuid)
        arrivals.push({ userId: s.p.userId, at: s.p.capturedAt });
    const near = this.stored.shifts.filter(
      (s) => Math.abs(shiftTimes(s, place.timezone).startsAt - now) < 2 * 86_400_000,
    );
    return scheduleAlerts(near, arrivals, place.uuid, now, this.stored.rules, place.timezone, (id) =>
      labor.roster.nameOf(id),
    );
  }

  range(token: string, fromDay: string, toDay: string): ScheduledShift[] {
    this.options.labor.access.requireManager(token);
    const place = this.place();
    return this.stored.shifts.filter((s) => s.locationUuid === place?.uuid && s.day >= fromDay && s.day <= toDay);
  }

  week(token: string, weekStart: string): ScheduleWeekView {
    this.options.labor.access.requireManager(token);
    return this.weekView(weekOf(weekStart));
  }

  saveShift(token: string, input: ShiftInput): ScheduleWeekView {
    this.options.labor.access.requireManager(token);
    const place = this.need();
    const member = this.options.labor.roster.get(input.userId);
    if (!member) throw appError('not-found', 'That person is not on the staff list', { what: 'person' });
    const roles = member.roles.filter((r) => r.locationUuid === place.uuid).map((r) => r.role);
    if (!roles.includes(input.role))
      throw new AppError('invalid', `${member.name} has no role "${input.role}" at this location`, { field: 'role' });
    if (input.start === input.end)
      throw new AppError('invalid', 'A shift ends at another time than it starts', { field: 'end' });
    const shift: ScheduledShift = { ...input, locationUuid: place.uuid };
    const { startsAt, endsAt } = shiftTimes(shift, place.timezone);
    const clash = this.stored.shifts.find((s) => {
      if (s.id === shift.id || s.userId !== shift.userId) return false;
      const t = shiftTimes(s, place.timezone);
      return t.startsAt < endsAt && startsAt < t.endsAt;
    });
    if (clash)
      throw new AppError(
        'conflict',
        `${member.name} already works ${clash.start}–${clash.end} on ${clash.day}: shifts of one person cannot overlap`,
        { what: 'shift' },
      );
    this.stored = { ...this.stored, shifts: [...this.stored.shifts.filter((s) => s.id !== shift.id), shift] };
    this.save();
    return this.weekView(weekOf(shift.day));
  }

  removeShift(token: string, id: string, weekStart: string): ScheduleWeekView {
    this.options.labor.access.requireManager(token);
    this.stored = { ...this.stored, shifts: this.stored.shifts.filter((s) => s.id !== id) };
    this.save();
    return this.weekView(weekOf(weekStart));
  }

  saveRules(token: string, rules: ScheduleRules, weekStart: string): ScheduleWeekView {
    this.options.labor.access.requireManager(token);
    this.stored = { ...this.stored, rules };
    this.save();
    return this.weekView(weekOf(weekStart));
  }

  /**
   * The week before `weekStart`, copied into it (a venue's usual week, then changed where it
   * differs). Only into an empty week: a second press, or a week already planned, changes nothing.
   */
  copyLastWeek(token: string, weekStart: string): ScheduleWeekView {
    this.options.labor.access.requireManager(token);
    const place = this.need();
    const week = weekOf(weekStart);
    const days = weekDays(week);
    const before = weekDays(addDays(week, -7));
    const here = (s: ScheduledShift) => s.locationUuid === place.uuid;
    const copied = this.stored.shifts
      .filter((s) => here(s) && before.includes(s.day) && this.options.labor.roster.get(s.userId))
      .map((s) => ({ ...s, id: randomUUID(), day: addDays(s.day, 7) }));
    const planned = this.stored.shifts.filter((s) => here(s) && days.includes(s.day));
    if (planned.length > 0) {
      // The same copy asked again (an answer lost on the way): the week as it is.
      const key = (s: ScheduledShift) => `${s.userId}|${s.role}|${s.day}|${s.start}|${s.end}`;
      const copies = new Set(copied.map(key));
      if (planned.length === copied.length && planned.every((s) => copies.has(key(s)))) return this.weekView(week);
      throw new AppError('conflict', 'This week already has shifts: a week is copied only into an empty one', {
        what: 'week',
      });
    }
    if (copied.length === 0) throw appError('not-found', 'The week before has no shifts to copy', { what: 'shifts' });
    this.stored = { ...this.stored, shifts: [...this.stored.shifts, ...copied] };
    this.save();
    return this.weekView(week);
  }

  /**
   * A CSV of shifts: every line is checked first, and a file with any bad line keeps nothing. A
   * good file replaces the weeks it covers at this location (importing a corrected week twice
   * leaves that week once).
   */
  importCsv(token: string, text: string): ScheduleImportResult {
    this.options.labor.access.requireManager(token);
    const place = this.need();
    const read = readScheduleCsv(text, this.staffAt(place.uuid), place.uuid, place.timezone);
    if (!read.ok) return read;
    if (read.shifts.length === 0) return { ok: false, problems: [{ line: 2, message: 'The file has no shifts' }] };
    const weeks = [...new Set(read.shifts.map((s) => weekOf(s.day)))].sort();
    const covered = (day: string) => weeks.includes(weekOf(day));
    const kept = this.stored.shifts.filter((s) => s.locationUuid !== place.uuid || !covered(s.day));
    this.stored = { ...this.stored, shifts: [...kept, ...read.shifts.map((s) => ({ ...s, id: randomUUID() }))] };
    this.save();
    return { ok: true, imported: read.shifts.length, weeks, view: this.weekView(weeks[0]) };
  }

  private need(): { uuid: string; timezone: string | null } {
    const place = this.place();
    if (!place) throw appError('invalid', "Choose this kiosk's location first", { field: 'location' });
    return place;
  }

  private staffAt(locationUuid: string): ScheduleWeekView['staff'] {
    return this.options.labor.roster
      .views()
      .map((m) => ({
        userId: m.userId,
        name: m.name,
        roles: m.roles.filter((r) => r.locationUuid === locationUuid).map((r) => r.role),
      }))
      .filter((m) => m.roles.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private weekView(weekStart: string): ScheduleWeekView {
    const place = this.place();
    const days = weekDays(weekStart);
    return {
      weekStart,
      locationUuid: place?.uuid ?? '',
      shifts: this.stored.shifts
        .filter((s) => s.locationUuid === place?.uuid && days.includes(s.day))
        .sort((a, b) => a.day.localeCompare(b.day) || a.start.localeCompare(b.start)),
      rules: this.stored.rules,
      earlyAllowed: this.stored.earlyAllowed,
      staff: place ? this.staffAt(place.uuid) : [],
    };
  }

  private save(): void {
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const oldest = addDays(today, -KEEP_DAYS);
    this.stored = { ...this.stored, shifts: this.stored.shifts.filter((s) => s.day >= oldest) };
    saveSchedule(this.options.dataDir, this.stored);
    this.lastAlerts = '';
    this.tick();
  }
}
