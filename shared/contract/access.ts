// Who may make each request, checked in the core for every transport (Electron IPC and the host's
// WebSocket) before the handler runs. A Record, so a new channel cannot be added without a rule.
import type { IpcChannel } from './index';

/**
 * - `anyone`: reads and kiosk actions that check their own PIN or session.
 * - `staff`: the first argument is a live staff (or manager) session token.
 * - `manager`: the first argument is a live manager session token (rights re-read from the roster).
 * - `settings`: connection, webhook, tunnel, tabs, hub-mode and practice-venue changes, and the
 *   first start's choice. They need a manager signed in on the device that asks, this computer's own
 *   screen included. Two exceptions keep a new install usable, on this computer's own screen only
 *   and never in kiosk mode: while the first start is open, its own requests; while no manager has
 *   a PIN, every settings request (the screens warn that settings are open).
 * - `approval`: a manager's PIN travels with the request (refunds), in every mode.
 * - `device`: a paired device's own request over its link (its clock and queue); never a screen's.
 * - `kiosk-device`: a paired kiosk device's own request (roster hashes, queued punches); never a
 *   screen's, so no screen, the hub's own included, ever reads PIN hashes.
 * - `revoked-kiosk`: a kiosk device a manager revoked, handing over the punches it still holds;
 *   nothing else a revoked device asks is allowed, and no live device or screen may ask this.
 * - `local-screen`: this computer's own screen only, never a paired device (the way back in when
 *   the staff list cannot be read; the request checks its own state).
 */
export type Access =
  | 'anyone'
  | 'staff'
  | 'manager'
  | 'settings'
  | 'approval'
  | 'device'
  | 'kiosk-device'
  | 'revoked-kiosk'
  | 'local-screen';

export const channelAccess: Record<IpcChannel, Access> = {
  getSnapshot: 'anyone',
  saveConnection: 'settings',
  testConnection: 'settings',
  resetPracticeVenue: 'settings',
  checkService: 'anyone',
  startUserSignIn: 'settings',
  cancelUserSignIn: 'anyone',
  signOut: 'settings',
  listLocations: 'anyone',
  subscribeLocations: 'settings',
  getWebhookState: 'anyone',
  listEvents: 'anyone',
  getEvent: 'anyone',
  replayEvent: 'settings',
  eventAsCurl: 'settings',
  refusedDeliveries: 'anyone',
  saveWebhookSettings: 'settings',
  startTunnel: 'settings',
  stopTunnel: 'settings',
  triggerSandboxEvent: 'settings',
  listSandboxDeliveries: 'anyone',
  flushSandboxDeliveries: 'settings',
  laborView: 'anyone',
  laborLocations: 'anyone',
  laborSetLocation: 'anyone',
  laborIdentify: 'anyone',
  laborSetupManager: 'anyone',
  laborEndSession: 'anyone',
  laborPunch: 'staff',
  laborRefreshBoard: 'anyone',
  laborSyncNow: 'anyone',
  laborTimesheet: 'manager',
  laborEditEntry: 'manager',
  laborEnterKioskView: 'anyone',
  laborLeaveKioskView: 'manager',
  laborSaveSettings: 'manager',
  laborStaff: 'manager',
  laborStaffCandidates: 'manager',
  laborSaveStaff: 'manager',
  laborRemoveStaff: 'manager',
  laborSetPin: 'manager',
  laborOutbox: 'manager',
  laborRetryPunch: 'manager',
  laborDiscardPunch: 'manager',
  // Wages and what is made from them: a manager, on the hub's own screen only (device-access.ts).
  payWages: 'manager',
  paySaveWage: 'manager',
  payLaborDay: 'manager',
  payTipRules: 'manager',
  paySaveTipRules: 'manager',
  payTipReport: 'manager',
  payPeriodTotals: 'manager',
  payPayrollFile: 'manager',
  // The schedule is the manager's: a kiosk device never reads it (its board carries the alerts).
  scheduleWeek: 'manager',
  scheduleRange: 'manager',
  scheduleSaveShift: 'manager',
  scheduleRemoveShift: 'manager',
  scheduleSaveRules: 'manager',
  scheduleImport: 'manager',
  scheduleCopyLastWeek: 'manager',
  laborApproval: 'manager',
  laborSetPayPeriod: 'manager',
  laborSignOffPeriod: 'manager',
  laborReviewDecide: 'manager',
  laborAddShiftNote: 'manager',
  laborRememberLanguage: 'staff',
  tabsView: 'anyone',
  tabsSetLocation: 'settings',
  tabsSaveSettings: 'settings',
  tabsCatalog: 'anyone',
  passLookup: 'anyone',
  passOrder: 'anyone',
  giftCardSell: 'anyone',
  giftCardCheckAgain: 'anyone',
  tabDetails: 'anyone',
  tabRefund: 'approval',
  tabsWatchBoard: 'anyone',
  tabsUnwatchBoard: 'anyone',
  tabsDismissNotices: 'anyone',
  tabsSetMoneyUnit: 'settings',
  dismissDataHealth: 'settings',
  hubMode: 'anyone',
  hubSetMode: 'settings',
  hubView: 'manager',
  hubOpenPairing: 'manager',
  hubDecidePairing: 'manager',
  hubRenameDevice: 'manager',
  hubRevokeDevice: 'manager',
  satelliteStatus: 'anyone',
  satelliteFindHubs: 'anyone',
  satelliteCheckHub: 'anyone',
  satellitePair: 'anyone',
  setupView: 'anyone',
  setupChoose: 'settings',
  setupRestart: 'settings',
  hubKioskRoster: 'kiosk-device',
  hubForwardPunch: 'kiosk-device',
  hubDeviceReport: 'device',
  hubHandOverPunches: 'revoked-kiosk',
  laborLiftLockout: 'manager',
  hubClosePairing: 'manager',
  hubReview: 'manager',
  hubReviewDecide: 'manager',
  hubReviewDecideMany: 'manager',
  hubReviewPurgeDevice: 'manager',
  hubSaveReviewRules: 'manager',
  settingsAccess: 'anyone',
  settingsSignOut: 'anyone',
  laborSetRosterAside: 'local-screen',
  // Any screen may say that a part of it failed to draw; the core only writes a line to its log.
  reportScreenError: 'anyone',
  backupView: 'settings',
  backupMake: 'settings',
  backupSaveSettings: 'settings',
  backupInspect: 'settings',
  backupRestore: 'settings',
  // The satellite answers it itself; the certificate it pinned decides what it talks to.
  satelliteMoveHub: 'anyone',
};
