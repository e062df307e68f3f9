// The schedule's part of the IPC contract: the manager's week grid, its CSV import and the rules
// (early punch-in, late and no-show, the scheduled clock-out's grace). Kept by the hub; every
// request needs a manager's session, so a kiosk device never reads the schedule.
import type {
  ScheduledShift,
  ScheduleImportResult,
  ScheduleRules,
  ScheduleWeekView,
  ShiftInput,
} from '../labor-schedule';

export interface ScheduleRequests {
  /** Manager: the week starting on (or containing) that day, with the staff and the rules. */
  scheduleWeek: { args: [token: string, weekStart: string]; result: ScheduleWeekView };
  /** Manager: the shifts scheduled on these days, for scheduled against actual in the timesheet. */
  scheduleRange: { args: [token: string, fromDay: string, toDay: string]; result: ScheduledShift[] };
  /** Manager: add or change one shift (its id made by the screen); refused when it overlaps another of the person's. */
  scheduleSaveShift: { args: [token: string, shift: ShiftInput]; result: ScheduleWeekView };
  /** Manager: remove one shift; answers with the week given. */
  scheduleRemoveShift: { args: [token: string, shiftId: string, weekStart: string]; result: ScheduleWeekView };
  /** Manager: the early punch-in rule, late and no-show limits and the clock-out grace. */
  scheduleSaveRules: { args: [token: string, rules: ScheduleRules, weekStart: string]; result: ScheduleWeekView };
  /** Manager: a CSV of shifts; all kept (replacing the weeks it covers) or none, with a sentence per bad line. */
  scheduleImport: { args: [token: string, csv: string]; result: ScheduleImportResult };
  /** Manager: the week before copied into this one, which must be empty (conflict otherwise). */
  scheduleCopyLastWeek: { args: [token: string, weekStart: string]; result: ScheduleWeekView };
}

/** The schedule pushes nothing of its own: its alerts travel with the board (LaborView). */
export type ScheduleEvents = Record<never, never>;

export const scheduleChannelKeys: Record<keyof ScheduleRequests, true> = {
  scheduleWeek: true,
  scheduleRange: true,
  scheduleSaveShift: true,
  scheduleRemoveShift: true,
  scheduleSaveRules: true,
  scheduleImport: true,
  scheduleCopyLastWeek: true,
};

export const scheduleEventKeys: Record<keyof ScheduleEvents, true> = {};
