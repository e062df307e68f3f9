// What the labor core asks the schedule at the moments its rules apply (set by the composition when
// the schedule is kept here; absent, the core behaves as before schedules).
import type { BoardRow } from '../../../../shared/labor';
import type { ScheduleAlert } from '../../../../shared/labor-schedule';

export interface ScheduleHooks {
  /** A punch-in now (or at `at`): throws punch-too-early unless on time or a manager allows it. */
  checkPunchIn(userId: string, managerToken: string | undefined, at?: number): void;
  /** When an open shift is clocked out by the schedule, with the review note's sentence; null: the business day's end. */
  closeAt(userId: string, shiftStart: number): { at: number; detail: string } | null;
  /** Late and no-show alerts beside these board rows. */
  alerts(rows: BoardRow[]): ScheduleAlert[];
}
