// Behind a manager's PIN: the timesheet, punches that need attention, the roster and PINs, and the
// kiosk's settings (plus the app's own settings when the kiosk is locked down).
import { useState, type ReactNode } from 'react';
import type { LaborView, StaffSession } from '../../../../../shared/labor';
import { KioskSettingsForm } from './kiosk-settings-form';
import { StaffEditor } from './staff-editor';
import { SyncProblems } from './sync-problems';
import { PunchReview } from './punch-review';
import { TimesheetView } from './timesheet-view';
import { DataHealthNotices } from '../../../components/data-health-notices';
import { RefusedDeliveriesNotice } from '../../../components/refused-deliveries-notice';
import { DevicesPanel } from '../../hub/devices-panel';
import { LockoutsNotice } from './lockouts-notice';
import { useAppStore } from '../../../store';
import { AreaBoundary } from '../../../components/error-boundary';
import { PayPeriods } from '../../approval/pay-periods';
import { SchedulePanel } from '../../schedule/schedule-panel';
import { ScheduleAlerts } from '../../schedule/schedule-alerts';
import { PayArea } from '../../payroll/pay-area';

type Tab = 'timesheet' | 'schedule' | 'sync' | 'staff' | 'settings' | 'devices' | 'app' | 'pay-periods' | 'pay';

export function ManagerArea({
  session,
  labor,
  appSettings,
  onClose,
  onLeaveKioskView,
}: {
  session: StaffSession;
  labor: LaborView;
  appSettings?: ReactNode;
  onClose(): void;
  onLeaveKioskView?: () => void;
}) {
  const [tab, setTab] = useState<Tab>('timesheet');
  // Devices are managed on the hub itself and on a manager's satellite (the hub checks both).
  const showDevices = useAppStore(
    (s) => s.satellite?.mode === 'hub' || (s.satellite?.mode === 'satellite' && s.satellite.role === 'manager'),
  );
  // Wages stay on the hub: labor cost, wages, tips and payroll only on its own screen (or a computer on its own).
  const payHere = useAppStore((s) => s.satellite?.mode !== 'satellite');
  const stuck = labor.outbox.failed + labor.outbox.blocked;
  const tabs: [Tab, string][] = [
    ['timesheet', 'Timesheet'],
    ['pay-periods', 'Pay periods'],
    ['schedule', 'Schedule'],
    [
      'sync',
      `Sync${stuck > 0 ? ` (${stuck} to fix)` : labor.outbox.pending > 0 ? ` (${labor.outbox.pending} waiting)` : ''}`,
    ],
    ['staff', 'Staff & PINs'],
    ...(payHere ? ([['pay', 'Labor & pay']] as [Tab, string][]) : []),
    ['settings', 'Kiosk settings'],
    ...(showDevices ? ([['devices', 'Devices']] as [Tab, string][]) : []),
    ...(appSettings ? ([['app', 'App settings']] as [Tab, string][]) : []),
  ];
  return (
    <section className="k-manager" aria-label="Manager">
      <header className="k-manager-head">
        <div>
          <h1>Manager · {labor.location?.name}</h1>
          <span className="k-hint">
            Signed in as {session.name}. Closes by itself after a few minutes without a touch.
          </span>
        </div>
        <nav className="k-tabs" aria-label="Manager sections">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              className={key === tab ? 'k-tab active' : 'k-tab'}
              aria-current={key === tab ? 'page' : undefined}
              onClick={() => setTab(key)}
            >
              {label}
            </button>
          ))}
        </nav>
        {onLeaveKioskView && (
          <button type="button" className="k-small" onClick={onLeaveKioskView}>
            Leave kiosk view
          </button>
        )}
        <button type="button" className="k-small" onClick={onClose}>
          Close
        </button>
      </header>
      <div className="k-manager-body">
        <DataHealthNotices />
        <RefusedDeliveriesNotice />
        <LockoutsNotice token={session.token} labor={labor} />
        <ScheduleAlerts timezone={labor.location?.timezone ?? null} />
        {/* A section that fails leaves the other tabs working. */}
        <AreaBoundary area={`manager-${tab}`} key={tab}>
          {tab === 'timesheet' && <TimesheetView token={session.token} labor={labor} />}
          {tab === 'schedule' && <SchedulePanel token={session.token} labor={labor} />}
          {tab === 'sync' && (
            <>
              <SyncProblems token={session.token} labor={labor} />
              <PunchReview token={session.token} timezone={labor.location?.timezone ?? null} />
            </>
          )}
          {tab === 'pay-periods' && <PayPeriods token={session.token} labor={labor} />}
          {tab === 'staff' && <StaffEditor token={session.token} labor={labor} />}
          {tab === 'pay' && <PayArea token={session.token} labor={labor} />}
          {tab === 'settings' && <KioskSettingsForm token={session.token} labor={labor} />}
          {tab === 'devices' && <DevicesPanel token={session.token} timezone={labor.location?.timezone ?? null} />}
          {tab === 'app' && appSettings}
        </AreaBoundary>
      </div>
    </section>
  );
}
