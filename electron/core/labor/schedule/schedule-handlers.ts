// The schedule part of the contract: one line per request; the rules live in ScheduleService.
import type { HandlersOf } from '../../../../shared/contract';
import type { ScheduleRequests } from '../../../../shared/contract/schedule';
import type { ScheduleService } from './schedule-service';

export function scheduleHandlers(schedule: ScheduleService): HandlersOf<ScheduleRequests> {
  return {
    scheduleWeek: async (token, weekStart) => schedule.week(token, weekStart),
    scheduleRange: async (token, fromDay, toDay) => schedule.range(token, fromDay, toDay),
    scheduleSaveShift: async (token, shift) => schedule.saveShift(token, shift),
    scheduleRemoveShift: async (token, id, weekStart) => schedule.removeShift(token, id, weekStart),
    scheduleSaveRules: async (token, rules, weekStart) => schedule.saveRules(token, rules, weekStart),
    scheduleImport: async (token, csv) => schedule.importCsv(token, csv),
    scheduleCopyLastWeek: async (token, weekStart) => schedule.copyLastWeek(token, weekStart),
  };
}
