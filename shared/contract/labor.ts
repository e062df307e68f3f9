// The labor feature's part of the IPC contract: the kiosk (identify, punch, board), the outbox,
// and the manager's timesheet, roster and settings. Manager requests carry a session token from
// laborIdentify with a manager's PIN.
import type {
  EntryPatch,
  IdentifyInput,
  LaborSettings,
  LaborView,
  LocationChoice,
  OutboxItem,
  PunchInput,
  PunchReceipt,
  StaffInput,
  StaffRecordView,
  StaffCandidates,
  StaffSession,
  TimesheetQuery,
  TimesheetRow,
  TimesheetView,
} from '../labor';

export interface LaborRequests {
  /** The kiosk's whole state (also pushed as the `labor` event). */
  laborView: { args: []; result: LaborView };
  /** Locations this kiosk may punch at (GET /api/loc as the integration), with time zones when known. */
  laborLocations: { args: []; result: LocationChoice[] };
  /** Set the kiosk's location: open while none is set, afterwards a manager session is needed. */
  laborSetLocation: { args: [token: string | null, location: LocationChoice]; result: LaborView };
  /** Find a person by PIN, or by tapped name (plus PIN when required); opens a short session. */
  laborIdentify: { args: [input: IdentifyInput]; result: StaffSession };
  /** Create the first manager while none exists; opens a manager session. */
  laborSetupManager: { args: [input: { userId: string; name: string; pin: string }]; result: StaffSession };
  /** End a session (the kiosk goes back to the pad). */
  laborEndSession: { args: [token: string]; result: null };
  /** Punch in or out, start or end a break: durably saved before this resolves. */
  laborPunch: { args: [token: string, input: PunchInput]; result: PunchReceipt };
  /** Re-read the board from the service now. */
  laborRefreshBoard: { args: []; result: LaborView };
  /** Send waiting punches now instead of after the current backoff. */
  laborSyncNow: { args: []; result: LaborView };
  /** Manager: entries of a fiscal-day range, filtered and sorted, with totals and each entry's audit trail. */
  laborTimesheet: { args: [token: string, query: TimesheetQuery]; result: TimesheetView };
  /** Manager: PATCH one entry (punch times, role, type, tips); every edit leaves an audit record. */
  laborEditEntry: {
    args: [token: string, entryUuid: string, patch: EntryPatch, requestId: string];
    result: TimesheetRow;
  };
  /** Lock this workstation into kiosk view (refused while no manager with a PIN exists). */
  laborEnterKioskView: { args: []; result: LaborView };
  /** Manager: leave kiosk view (the session must be a manager's, checked in the core). */
  laborLeaveKioskView: { args: [token: string]; result: LaborView };
  /** Manager: alert limits, idle timeout, PIN rule, fiscal day start. */
  laborSaveSettings: { args: [token: string, settings: LaborSettings]; result: LaborView };
  /** Manager: the whole roster, every location. */
  laborStaff: { args: [token: string]; result: StaffRecordView[] };
  /**
   * Manager: people to pick by name when adding staff, gathered from the service's labor entries,
   * the practice venue's staff and this kiosk's staff list (the service lists no users or roles).
   */
  laborStaffCandidates: { args: [token: string]; result: StaffCandidates };
  /** Manager: add or change a staff member (name, roles, manager flag). */
  laborSaveStaff: { args: [token: string, input: StaffInput]; result: StaffRecordView[] };
  /** Manager: remove a staff member from this kiosk's roster. */
  laborRemoveStaff: { args: [token: string, userId: string]; result: StaffRecordView[] };
  /** Manager: set (or clear, with null) a person's PIN; stored as a salted hash. */
  laborSetPin: { args: [token: string, userId: string, pin: string | null]; result: StaffRecordView[] };
  /** Manager: punches not on the service yet (waiting, failed with the service's message, blocked). */
  laborOutbox: { args: [token: string]; result: OutboxItem[] };
  /** Manager: send a failed or blocked punch again. */
  laborRetryPunch: { args: [token: string, punchId: string]; result: OutboxItem[] };
  /** Manager: give up on a failed or blocked punch (recorded with who did it). */
  laborDiscardPunch: { args: [token: string, punchId: string]; result: OutboxItem[] };
}

export interface LaborEvents {
  /** The kiosk's state changed: board, outbox counts, roster, settings or location. */
  labor: LaborView;
}

/** Runtime list of this part's requests (a Record, so the compiler insists every request is listed). */
export const laborChannelKeys: Record<keyof LaborRequests, true> = {
  laborView: true,
  laborLocations: true,
  laborSetLocation: true,
  laborIdentify: true,
  laborSetupManager: true,
  laborEndSession: true,
  laborPunch: true,
  laborRefreshBoard: true,
  laborSyncNow: true,
  laborTimesheet: true,
  laborEditEntry: true,
  laborEnterKioskView: true,
  laborLeaveKioskView: true,
  laborSaveSettings: true,
  laborStaff: true,
  laborStaffCandidates: true,
  laborSaveStaff: true,
  laborRemoveStaff: true,
  laborSetPin: true,
  laborOutbox: true,
  laborRetryPunch: true,
  laborDiscardPunch: true,
};

/** Runtime list of this part's events. */
export const laborEventKeys: Record<keyof LaborEvents, true> = { labor: true };
