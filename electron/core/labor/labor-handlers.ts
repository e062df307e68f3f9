// The labor part of the contract: one line per request. The rules (sessions, lockout, first
// manager, audit) live in LaborService and its KioskAccess.
import type { HandlersOf } from '../../../shared/contract';
import type { LaborRequests } from '../../../shared/contract/labor';
import type { LaborService } from './labor-service';
import type { MoneyUnits } from '../money/money-units';

/**
 * `money`: the connection's money units. Declared tips go out in the unit of the spec's "number"
 * fields; until it is decided a punch-out with tips is refused (conflict, money unit) rather than
 * stored a hundred times over: the person punches out without tips, or a manager confirms the unit.
 */
export function laborHandlers(
  labor: LaborService,
  money?: Pick<MoneyUnits, 'requireDecided'>,
): HandlersOf<LaborRequests> {
  const { access } = labor;
  return {
    laborView: async () => labor.view(),
    laborLocations: () => labor.locations(),
    laborSetLocation: async (token, location) => labor.setLocation(token, location),
    laborIdentify: (input) => access.identify(input),
    laborSetupManager: (input) => access.setupManager(input),
    laborEndSession: async (token) => access.endSession(token),
    laborPunch: async (token, input) => {
      if (input.action === 'punch-out' && (input.declaredTipsCents ?? 0) > 0) money?.requireDecided('numbers');
      return labor.punch(token, input);
    },
    laborRefreshBoard: async () => (await labor.refreshBoard(), labor.view()),
    laborSyncNow: async () => (labor.syncNow(), labor.view()),
    laborTimesheet: (token, query) => labor.timesheet(token, query),
    laborEditEntry: (token, entryUuid, patch) => labor.editEntry(token, entryUuid, patch),
    laborEnterKioskView: async () => labor.enterKioskView(),
    laborLeaveKioskView: async (token) => labor.leaveKioskView(token),
    laborSaveSettings: async (token, settings) => labor.saveLaborSettings(token, settings),
    laborStaff: async (token) => access.staff(token),
    laborStaffCandidates: (token) => labor.staffCandidates(token),
    laborSaveStaff: async (token, input) => access.saveStaff(token, input),
    laborRemoveStaff: async (token, userId) => access.removeStaff(token, userId),
    laborSetPin: (token, userId, pin) => access.setPin(token, userId, pin),
    laborOutbox: async (token) => labor.managerOutbox(token),
    laborRetryPunch: async (token, punchId) => labor.managerRetry(token, punchId),
    laborDiscardPunch: async (token, punchId) => labor.managerDiscard(token, punchId),
  };
}
