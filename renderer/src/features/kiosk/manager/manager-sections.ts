// Which manager sections this device offers, read from the same table the hub checks every request
// against (shared/contract/device-access.ts): a section is offered when the device may make the
// request that opens it. A section the device may not open is named with where it is done instead,
// so a kiosk by the staff door never shows a tab that only ends in the hub's refusal.
import { DEVICE_ROLES, type DeviceRole } from '../../../../../shared/hub';
import { deviceMayCall } from '../../../../../shared/contract/device-access';
import type { IpcChannel } from '../../../../../shared/contract';

export type ManagerSection =
  'timesheet' | 'pay-periods' | 'schedule' | 'sync' | 'staff' | 'pay' | 'settings' | 'devices' | 'app';

/** In the order the tabs show. */
export const MANAGER_SECTIONS: readonly ManagerSection[] = [
  'timesheet',
  'pay-periods',
  'schedule',
  'sync',
  'staff',
  'pay',
  'settings',
  'devices',
  'app',
];

/** The request each section makes when it opens (the rest of its requests go with it). */
export const SECTION_OPENS_WITH: Record<ManagerSection, IpcChannel> = {
  timesheet: 'laborTimesheet',
  'pay-periods': 'laborApproval',
  schedule: 'scheduleWeek',
  sync: 'laborOutbox',
  staff: 'laborStaff',
  pay: 'payWages',
  settings: 'laborSaveSettings',
  devices: 'hubView',
  app: 'saveConnection',
};

export const SECTION_NAMES: Record<ManagerSection, string> = {
  timesheet: 'Timesheet',
  'pay-periods': 'Pay periods',
  schedule: 'Schedule',
  sync: 'Sync',
  staff: 'Staff & PINs',
  pay: 'Labor & pay',
  settings: 'Kiosk settings',
  devices: 'Devices',
  app: 'App settings',
};

/** Paired devices of each role, as a manager calls them. */
const DEVICE_WORDS: Record<DeviceRole, string> = {
  kiosk: 'a kiosk',
  workstation: 'a workstation',
  manager: 'a manager’s device',
};

export interface ManagerSectionPlan {
  offered: ManagerSection[];
  /** Sections this device may not open, each with where it is done, in plain words. */
  elsewhere: { section: ManagerSection; where: string }[];
}

/**
 * `role`: this device's role when it is a paired satellite; null on the hub's own screen or a
 * computer on its own, which may open every section. `devicesHere`: whether this computer takes part
 * in a venue of several devices (a computer on its own has no Devices section at all).
 * `appSettings`: whether the app's own settings are offered here (kiosk view).
 */
export function managerSections(
  role: DeviceRole | null,
  present: { devicesHere: boolean; appSettings: boolean },
): ManagerSectionPlan {
  const plan: ManagerSectionPlan = { offered: [], elsewhere: [] };
  for (const section of MANAGER_SECTIONS) {
    if (section === 'devices' && !present.devicesHere) continue;
    if (section === 'app' && !present.appSettings) continue;
    const channel = SECTION_OPENS_WITH[section];
    if (role === null || deviceMayCall(role, channel)) plan.offered.push(section);
    else plan.elsewhere.push({ section, where: whereDone(channel) });
  }
  return plan;
}

/**
 * Where a request is allowed, in plain words ("on the venue hub, a workstation or a manager’s
 * device"): the hub's own screen may make any of them, and each role as the table says.
 */
export function whereDone(channel: IpcChannel): string {
  const places = [
    'the venue hub',
    ...DEVICE_ROLES.filter((r) => deviceMayCall(r, channel)).map((r) => DEVICE_WORDS[r]),
  ];
  if (places.length === 1) return 'on the venue hub only';
  return `on ${places.slice(0, -1).join(', ')} or ${places[places.length - 1]}`;
}

/** The request that reads the punch review in the Sync tab (its decisions go with it). */
export const PUNCH_REVIEW_READS_WITH: IpcChannel = 'hubReview';

/**
 * Where punch review is done when this device may not do it, from the same table: the Sync tab
 * opens with the device's own waiting punches, which a workstation may read, but the review of
 * every device's punches is kept for a manager's device. Null when this device may review them
 * (`role` null: the hub's own screen or a computer on its own).
 */
export function punchReviewElsewhere(role: DeviceRole | null): string | null {
  if (role === null || deviceMayCall(role, PUNCH_REVIEW_READS_WITH)) return null;
  return whereDone(PUNCH_REVIEW_READS_WITH);
}
