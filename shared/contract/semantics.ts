// What a repeat of each request means, declared once for every transport and the core. A Record,
// so a new channel does not compile until it says which it is.
//
// - `read`: changes nothing; any transport may send it again.
// - `idempotent`: sets something to a given state; sending it twice leaves what once leaves.
// - `once`: writes money or time to the service or to the venue's books. It carries a request id
//   made where the person pressed the button, unchanged through every transport; no transport
//   sends it again by itself, and the core answers a repeat of the same id with the first outcome
//   (electron/core/requests/request-ledger.ts), never with a second write.
import type { IpcArgs, IpcChannel } from './index';

export type RequestSemantics = 'read' | 'idempotent' | 'once';

export const channelSemantics = {
  getSnapshot: 'read',
  saveConnection: 'idempotent',
  testConnection: 'read',
  resetPracticeVenue: 'idempotent',
  checkService: 'read',
  startUserSignIn: 'idempotent',
  cancelUserSignIn: 'idempotent',
  signOut: 'idempotent',
  listLocations: 'read',
  subscribeLocations: 'idempotent',
  getWebhookState: 'read',
  listEvents: 'read',
  getEvent: 'read',
  // Projections take an event once by its id: a replay twice is one replay.
  replayEvent: 'idempotent',
  eventAsCurl: 'read',
  refusedDeliveries: 'read',
  saveWebhookSettings: 'idempotent',
  startTunnel: 'idempotent',
  stopTunnel: 'idempotent',
  // A practice-venue event the sandbox sends: every press is a new event, never sent again by a transport.
  triggerSandboxEvent: 'once',
  listSandboxDeliveries: 'read',
  flushSandboxDeliveries: 'idempotent',
  laborView: 'read',
  laborLocations: 'read',
  laborSetLocation: 'idempotent',
  laborIdentify: 'idempotent',
  laborSetupManager: 'idempotent',
  laborEndSession: 'idempotent',
  laborPunch: 'once',
  laborRefreshBoard: 'read',
  laborSyncNow: 'idempotent',
  laborTimesheet: 'read',
  laborEditEntry: 'once',
  laborEnterKioskView: 'idempotent',
  laborLeaveKioskView: 'idempotent',
  laborSaveSettings: 'idempotent',
  laborStaff: 'read',
  laborStaffCandidates: 'read',
  laborSaveStaff: 'idempotent',
  laborRemoveStaff: 'idempotent',
  laborSetPin: 'idempotent',
  laborOutbox: 'read',
  // Both act on one queued punch by its id: the punch itself is sent once whatever they say.
  laborRetryPunch: 'idempotent',
  laborDiscardPunch: 'idempotent',
  payWages: 'read',
  // A person's whole pay record, set to what was sent: twice is once (it pays nobody by itself).
  paySaveWage: 'idempotent',
  payLaborDay: 'read',
  payTipRules: 'read',
  paySaveTipRules: 'idempotent',
  payTipReport: 'read',
  payPeriodTotals: 'read',
  payPayrollFile: 'read',
  scheduleWeek: 'read',
  scheduleRange: 'read',
  // A shift's id is made by the screen: saving it again saves the same shift.
  scheduleSaveShift: 'idempotent',
  scheduleRemoveShift: 'idempotent',
  scheduleSaveRules: 'idempotent',
  // A good file replaces the weeks it covers: importing it twice leaves what once leaves.
  scheduleImport: 'idempotent',
  // Only into an empty week: a repeat finds it planned and changes nothing.
  scheduleCopyLastWeek: 'idempotent',
  laborApproval: 'read',
  laborSetPayPeriod: 'idempotent',
  // A sign-off locks a pay period, a decision or a note is one line of the approval log: each
  // written once per press.
  laborSignOffPeriod: 'once',
  laborReviewDecide: 'once',
  laborAddShiftNote: 'once',
  laborRememberLanguage: 'idempotent',
  tabsView: 'read',
  tabsSetLocation: 'idempotent',
  tabsSaveSettings: 'idempotent',
  tabsSetMoneyUnit: 'idempotent',
  tabsCatalog: 'read',
  passLookup: 'read',
  passOrder: 'once',
  giftCardSell: 'once',
  giftCardCheckAgain: 'read',
  tabDetails: 'read',
  tabRefund: 'once',
  tabsWatchBoard: 'idempotent',
  tabsUnwatchBoard: 'idempotent',
  tabsDismissNotices: 'idempotent',
  dismissDataHealth: 'idempotent',
  hubMode: 'read',
  hubSetMode: 'idempotent',
  hubView: 'read',
  hubOpenPairing: 'idempotent',
  hubDecidePairing: 'idempotent',
  hubRenameDevice: 'idempotent',
  hubRevokeDevice: 'idempotent',
  satelliteStatus: 'read',
  satelliteFindHubs: 'read',
  satelliteCheckHub: 'read',
  satellitePair: 'idempotent',
  setupView: 'read',
  setupChoose: 'idempotent',
  setupRestart: 'idempotent',
  hubKioskRoster: 'read',
  hubForwardPunch: 'once',
  hubDeviceReport: 'idempotent',
  // Each handed-over punch is recorded once by its own id.
  hubHandOverPunches: 'idempotent',
  laborLiftLockout: 'idempotent',
  hubClosePairing: 'idempotent',
  hubReview: 'read',
  hubReviewDecide: 'once',
  // Each punch is decided once, by its own id: a repeat finds them decided and changes nothing.
  hubReviewDecideMany: 'idempotent',
  hubReviewPurgeDevice: 'idempotent',
  hubSaveReviewRules: 'idempotent',
  settingsAccess: 'read',
  settingsSignOut: 'idempotent',
  laborSetRosterAside: 'idempotent',
  reportScreenError: 'idempotent',
  backupView: 'read',
  backupMake: 'idempotent',
  backupSaveSettings: 'idempotent',
  backupInspect: 'read',
  backupRestore: 'idempotent',
  satelliteMoveHub: 'idempotent',
} as const satisfies Record<IpcChannel, RequestSemantics>;

export type OnceChannel = {
  [K in IpcChannel]: (typeof channelSemantics)[K] extends 'once' ? K : never;
}[IpcChannel];

/**
 * Where each `once` request carries its id. Typed per channel, so a new `once` channel does not
 * compile until it says where its id is. Channels written to the service through the request
 * ledger take it as their last argument; punches have always carried theirs (`punchId`, made at the
 * button and kept by the kiosk's queue); a review decision is one per held punch.
 */
export const onceRequestId: { [K in OnceChannel]: (args: IpcArgs<K>) => string | undefined } = {
  tabRefund: (args) => args[2],
  passOrder: (args) => args[2],
  giftCardSell: (args) => args[1],
  laborEditEntry: (args) => args[3],
  laborSignOffPeriod: (args) => args[2],
  laborReviewDecide: (args) => args[4],
  laborAddShiftNote: (args) => args[3],
  laborPunch: (args) => args[1].punchId,
  hubForwardPunch: (args) => args[0].punchId,
  hubReviewDecide: (args) => args[1],
  // A practice-venue button: no id; each press is its own event.
  triggerSandboxEvent: () => undefined,
};

/** The once channels whose service write has no key of its own: the core's request ledger keeps their outcome. */
export const LEDGER_CHANNELS = [
  'tabRefund',
  'passOrder',
  'giftCardSell',
  'laborEditEntry',
  'laborSignOffPeriod',
  'laborReviewDecide',
  'laborAddShiftNote',
] as const;
export type LedgerChannel = (typeof LEDGER_CHANNELS)[number];

export function requestSemantics(channel: IpcChannel): RequestSemantics {
  return channelSemantics[channel];
}

/** A request id as a screen makes one (a UUID; any 8–64 letters, digits, `-` or `_`). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
