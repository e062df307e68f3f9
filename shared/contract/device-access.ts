// What a paired device may ask the hub, by the role the hub gave it at pairing. This sits on top
// of `channelAccess` (the person's session): the hub's core checks both for every request from a
// satellite, so a kiosk by the staff door can never refund or change settings, whoever stands at
// it and whatever a modified screen sends.
import type { DeviceRole } from '../hub';
import { channelAccess } from './access';
import type { IpcChannel, IpcEventName } from './index';

/** The clock-in kiosk: the punch flow and nothing that moves money or changes the venue. */
const KIOSK_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'getSnapshot',
  'laborView',
  'laborLocations',
  'laborIdentify',
  'laborEndSession',
  'laborPunch',
  'laborRefreshBoard',
  'laborSyncNow',
  // The person at the kiosk, in their own session: the language they speak.
  'laborRememberLanguage',
  'satelliteStatus',
  // A manager signed in at the kiosk marks the kiosk's own notices read; the hub is asked with no
  // notice of the venue's (it refuses one from a kiosk) and checks the manager's session here.
  'dismissDataHealth',
  // The kiosk device's own link traffic: the offline roster copy, its queue, its clock.
  'hubKioskRoster',
  'hubForwardPunch',
  'hubDeviceReport',
  // Once revoked, what it still holds goes to the hub's review queue.
  'hubHandOverPunches',
]);

/**
 * Never from a satellite: kiosk view locks the hub's own screen, and the first manager is set up
 * on the hub itself (a satellite must not race it for the venue's first manager).
 */
const HUB_ONLY_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'laborEnterKioskView',
  'laborLeaveKioskView',
  'laborSetupManager',
  // A damaged staff list is set aside on the computer that keeps it, never from a device.
  'laborSetRosterAside',
  // "This device is the hub" is the hub's own choice, made on its own screen.
  'hubMode',
  'hubSetMode',
  // A satellite answers its own pairing requests; the hub has nothing to say to them.
  'satelliteFindHubs',
  'satelliteCheckHub',
  'satellitePair',
  // What this computer is for is chosen on its own screen.
  'setupView',
  'setupChoose',
  'setupRestart',
  // A satellite's screen failures go to the satellite's own log, never the hub's.
  'reportScreenError',
  // A backup is restored on the computer that will hold the venue; a satellite moves its own link.
  'backupInspect',
  'backupRestore',
  'satelliteMoveHub',
  // Wages stay on the hub: no paired device, a manager's included, reads them or what is made of
  // them (labor cost, tips after the rules, payroll files).
  'payWages',
  'paySaveWage',
  'payLaborDay',
  'payTipRules',
  'paySaveTipRules',
  'payTipReport',
  'payPeriodTotals',
  'payPayrollFile',
]);

/** Managing devices is for the manager's own device (and the hub's screen). */
const DEVICE_ADMIN_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'hubView',
  'hubOpenPairing',
  'hubDecidePairing',
  'hubRenameDevice',
  'hubRevokeDevice',
  'hubClosePairing',
  'hubReview',
  'hubReviewDecide',
  'hubReviewDecideMany',
  'hubReviewPurgeDevice',
  'hubSaveReviewRules',
]);

export function deviceMayCall(role: DeviceRole, channel: IpcChannel): boolean {
  if (HUB_ONLY_CHANNELS.has(channel)) return false;
  switch (role) {
    case 'kiosk':
      return KIOSK_CHANNELS.has(channel);
    case 'workstation':
      // The bar: orders, passes, gift cards and refunds (a manager's PIN still approves each
      // refund); connection, webhook and tunnel settings stay with a manager's device.
      return channelAccess[channel] !== 'settings' && !DEVICE_ADMIN_CHANNELS.has(channel);
    case 'manager':
      return true;
  }
}

/** Which push events a device hears: a kiosk needs its own screen's, not the venue's tabs. */
export function deviceMayHear(role: DeviceRole, event: IpcEventName): boolean {
  if (role === 'kiosk') return event === 'labor' || event === 'connection';
  if (role === 'workstation') return event !== 'hubDevices';
  return true;
}

export function deviceRefusal(role: DeviceRole, channel: IpcChannel): string {
  if (HUB_ONLY_CHANNELS.has(channel)) return 'This can only be done on the venue hub itself';
  return `A ${role} device cannot do this; use a manager's device or the hub`;
}
