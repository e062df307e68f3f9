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
import { managerSections, punchReviewElsewhere, SECTION_NAMES, type ManagerSection } from './manager-sections';
import { DoneElsewhere } from './done-elsewhere';

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
  // This device's role decides what it offers, from the table the hub checks (manager-sections.ts).
  const role = useAppStore((s) => (s.satellite?.mode === 'satellite' ? s.satellite.role : null));
  // A computer on its own has no devices to manage.
  const devicesHere = useAppStore((s) => s.satellite?.mode === 'hub' || s.satellite?.mode === 'satellite');
  const plan = managerSections(role, { devicesHere, appSettings: appSettings !== undefined });
  const reviewElsewhere = punchReviewElsewhere(role);
  const [chosen, setTab] = useState<ManagerSection>('timesheet');
  const tab: ManagerSection | null = plan.offered.includes(chosen) ? chosen : (plan.offered[0] ?? null);
  const stuck = labor.outbox.failed + labor.outbox.blocked;
  const label = (section: ManagerSection) =>
    section === 'sync'
      ? `Sync${stuck > 0 ? ` (${stuck} to fix)` : labor.outbox.pending > 0 ? ` (${labor.outbox.pending} waiting)` : ''}`
      : SECTION_NAMES[section];
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
          {plan.offered.map((key) => (
            <button
              key={key}
              type="button"
              className={key === tab ? 'k-tab active' : 'k-tab'}
              aria-current={key === tab ? 'page' : undefined}
              onClick={() => setTab(key)}
            >
              {label(key)}
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
        <AreaBoundary area={`manager-${tab ?? 'none'}`} key={tab}>
          {tab === 'timesheet' && <TimesheetView token={session.token} labor={labor} />}
          {tab === 'schedule' && <SchedulePanel token={session.token} labor={labor} />}
          {tab === 'sync' && (
            <>
              <SyncProblems token={session.token} labor={labor} />
              {/* Reviewing every device's punches is not for every device that may open Sync. */}
              {reviewElsewhere === null ? (
                <PunchReview token={session.token} timezone={labor.location?.timezone ?? null} />
              ) : (
                <p className="k-card k-elsewhere" data-testid="punch-review-elsewhere">
                  Punches from devices that wait for a manager are reviewed {reviewElsewhere}.
                </p>
              )}
            </>
          )}
          {tab === 'pay-periods' && <PayPeriods token={session.token} labor={labor} />}
          {tab === 'staff' && <StaffEditor token={session.token} labor={labor} />}
          {tab === 'pay' && <PayArea token={session.token} labor={labor} />}
          {tab === 'settings' && <KioskSettingsForm token={session.token} labor={labor} />}
          {tab === 'devices' && <DevicesPanel token={session.token} timezone={labor.location?.timezone ?? null} />}
          {tab === 'app' && appSettings}
        </AreaBoundary>
        {/* After the section: where the rest is done (all there is on a kiosk device). */}
        <DoneElsewhere elsewhere={plan.elsewhere} />
      </div>
    </section>
  );
}
