// The manager area offers a section only when this device's role may make the request that opens
// it, read from the table the hub checks (shared/contract/device-access.ts); every other section
// is named with where it is done. A kiosk device is refused the timesheet, so it must not offer it.
import { describe, expect, it } from 'vitest';
import { DEVICE_ROLES, type DeviceRole } from '../../shared/hub';
import { deviceMayCall } from '../../shared/contract/device-access';
import type { IpcChannel } from '../../shared/contract';

// A renderer file, loaded by path: the node project's type check does not take in the renderer's.
const SECTIONS = '../../renderer/src/features/kiosk/manager/manager-sections';
type Section = string;
type Plan = { offered: Section[]; elsewhere: { section: Section; where: string }[] };
const { managerSections, MANAGER_SECTIONS, SECTION_OPENS_WITH, punchReviewElsewhere, PUNCH_REVIEW_READS_WITH } =
  (await import(SECTIONS)) as {
    managerSections(role: DeviceRole | null, present: { devicesHere: boolean; appSettings: boolean }): Plan;
    MANAGER_SECTIONS: readonly Section[];
    SECTION_OPENS_WITH: Record<Section, IpcChannel>;
    /** Where punch review is done when this device may not do it; null when it may. */
    punchReviewElsewhere(role: DeviceRole | null): string | null;
    PUNCH_REVIEW_READS_WITH: IpcChannel;
  };

const EVERYWHERE = { devicesHere: true, appSettings: true };
const offered = (role: DeviceRole | null) => managerSections(role, EVERYWHERE).offered;
const where = (role: DeviceRole, section: Section) =>
  managerSections(role, EVERYWHERE).elsewhere.find((e) => e.section === section)?.where;

describe('manager sections by device role', () => {
  it('a kiosk device offers none of the sections the hub refuses it, and says where each is done', () => {
    for (const section of ['timesheet', 'pay-periods', 'schedule', 'staff', 'sync', 'settings', 'devices', 'app'])
      expect(offered('kiosk')).not.toContain(section);
    expect(where('kiosk', 'timesheet')).toBe('on the venue hub, a workstation or a manager’s device');
    expect(where('kiosk', 'devices')).toBe('on the venue hub or a manager’s device');
    expect(where('kiosk', 'pay')).toBe('on the venue hub only');
  });

  it('a workstation keeps the timesheet and staff, without devices or wages', () => {
    expect(offered('workstation')).toEqual(expect.arrayContaining(['timesheet', 'pay-periods', 'schedule', 'staff']));
    expect(offered('workstation')).not.toContain('devices');
    expect(offered('workstation')).not.toContain('pay');
    expect(where('workstation', 'app')).toBe('on the venue hub or a manager’s device');
  });

  it('the hub’s own screen offers every section; a lone computer has no Devices', () => {
    expect(offered(null)).toEqual([...MANAGER_SECTIONS]);
    expect(managerSections(null, EVERYWHERE).elsewhere).toEqual([]);
    const alone = managerSections(null, { devicesHere: false, appSettings: false });
    expect(alone.offered).not.toContain('devices');
    expect(alone.offered).not.toContain('app');
    expect(alone.elsewhere).toEqual([]);
  });

  it('for every role, a section is offered exactly when the hub allows the request that opens it', () => {
    for (const role of DEVICE_ROLES) {
      const plan = managerSections(role, EVERYWHERE);
      expect([...plan.offered, ...plan.elsewhere.map((e) => e.section)].sort()).toEqual([...MANAGER_SECTIONS].sort());
      for (const section of plan.offered) expect(deviceMayCall(role, SECTION_OPENS_WITH[section])).toBe(true);
      for (const { section } of plan.elsewhere) expect(deviceMayCall(role, SECTION_OPENS_WITH[section])).toBe(false);
    }
  });
});

describe('punch review in the Sync tab', () => {
  it('a workstation opens Sync but reviews no punches, and is told where that is done', () => {
    expect(offered('workstation')).toContain('sync');
    expect(punchReviewElsewhere('workstation')).toBe('on the venue hub or a manager’s device');
  });

  it('a manager’s device and the hub’s own screen review punches', () => {
    expect(punchReviewElsewhere('manager')).toBeNull();
    expect(punchReviewElsewhere(null)).toBeNull();
  });

  it('for every role, review is offered exactly when the hub allows reading it', () => {
    for (const role of DEVICE_ROLES)
      expect(punchReviewElsewhere(role) === null).toBe(deviceMayCall(role, PUNCH_REVIEW_READS_WITH));
  });
});
