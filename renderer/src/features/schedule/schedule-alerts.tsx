// Scheduled people not punched in, on the live board and the manager's screens: late once the
// venue's minutes have passed since the start, then a no-show. The hub works them out and sends
// them with the board (names and times only, as the board shows).
import type { ScheduleAlert } from '../../../../shared/labor-schedule';
import { useAppStore } from '../../store';
import { useKioskText } from '../i18n/use-kiosk-text';
import { roleName } from '../kiosk/role-name';
import './schedule.css';

export function ScheduleAlerts({ timezone, alerts: given }: { timezone: string | null; alerts?: ScheduleAlert[] }) {
  const pushed = useAppStore((s) => s.labor?.scheduleAlerts);
  const { t, time } = useKioskText();
  const alerts = given ?? pushed ?? [];
  if (alerts.length === 0) return null;
  return (
    <section className="sch-alerts" aria-label={t('schedule.heading')} data-testid="schedule-alerts">
      <h2>{t('schedule.heading')}</h2>
      <ul>
        {alerts.map((a) => (
          <li
            key={a.shiftId}
            className={`sch-alert sch-alert-${a.kind}`}
            data-testid="schedule-alert"
            data-kind={a.kind}
          >
            <span className="sch-alert-who">
              {a.name} <span className="sch-alert-role">{roleName(a.role)}</span>
            </span>
            <span className="sch-alert-what">
              {t(a.kind === 'late' ? 'schedule.late' : 'schedule.noShow', { time: time(a.startsAt, timezone) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
