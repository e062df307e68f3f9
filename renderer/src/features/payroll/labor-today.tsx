// The manager's labor board: labor cost and labor % of sales per hour of a business day, beside
// the takings the service's order events gave. Live: read again whenever the labor view is pushed
// (a punch) or the webhook listener stores an event (an order), and every half minute for the
// shifts still running.
import { useEffect, useRef, useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import type { LaborDayView } from '../../../../shared/labor-pay';
import { addDays, fiscalDayOf } from '../../../../shared/labor-calc';
import { formatMoney } from '../../../../shared/money';
import { clockTime } from '../../../../shared/time';
import { api } from '../../api-context';
import { useRequest } from '../../hooks/use-request';
import { useAppStore } from '../../store';
import { Problem } from '../../components/problem';
import { TableHead } from '../../components/table-head';
import { useNow } from '../kiosk/use-now';
import { roleName } from '../kiosk/role-name';

const READ_AGAIN_MS = 2_000;

const percent = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)} %`);

export function LaborToday({ token, labor }: { token: string; labor: LaborView }) {
  const tz = labor.location?.timezone ?? null;
  const now = useNow(30_000);
  const today = fiscalDayOf(now, tz, labor.settings.fiscalDayStartHour);
  const [day, setDay] = useState(today);
  // A punch (the labor push), an event stored (the listener's counters) or the half-minute tick reads
  // again, at most once every two seconds: each read is a week of the timesheet from the service, and
  // a busy night stores many events a second.
  const events = useAppStore((s) => s.counters?.received ?? 0);
  const [pushes, setPushes] = useState(0);
  const waiting = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    waiting.current ??= setTimeout(() => {
      waiting.current = null;
      setPushes((n) => n + 1);
    }, READ_AGAIN_MS);
  }, [labor, events, now]);
  useEffect(
    () => () => {
      if (waiting.current) clearTimeout(waiting.current);
    },
    [],
  );
  const read = useRequest(() => api().payLaborDay(token, day), [token, day, pushes]);
  const v: LaborDayView | null = read.data;
  return (
    <section className="k-card pay-labor" aria-label="Labor against sales">
      <div className="k-row pay-head">
        <h2>Labor against sales</h2>
        <div className="k-inline">
          <button type="button" className="k-small" onClick={() => setDay(addDays(day, -1))}>
            Day before
          </button>
          <label className="pay-day">
            <span className="sr-only">Business day</span>
            <input type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} />
          </label>
          <button type="button" className="k-small" onClick={() => setDay(today)} disabled={day === today}>
            Today
          </button>
        </div>
      </div>
      <Problem text={read.error} detail={read.detail} />
      {v && (
        <>
          <dl className="pay-figures" data-testid="labor-day">
            <div>
              <dt>Sales</dt>
              <dd data-testid="labor-sales">{v.salesCents === null ? 'Not known yet' : formatMoney(v.salesCents)}</dd>
            </div>
            <div>
              <dt>Labor cost</dt>
              <dd data-testid="labor-cost">{formatMoney(v.laborCents)}</dd>
            </div>
            <div>
              <dt>Labor %</dt>
              <dd data-testid="labor-percent" className="pay-percent">
                {percent(v.percent)}
              </dd>
            </div>
            <div>
              <dt>Of it: salaries · overtime premium</dt>
              <dd>
                {formatMoney(v.salariedCents)} · {formatMoney(v.premiumCents)}
              </dd>
            </div>
          </dl>
          {v.salesUnknown && <Problem tone="warning" text={v.salesUnknown} />}
          {v.missingWages.length > 0 && (
            <Problem
              tone="warning"
              text={`Labor cost leaves out time worked without a wage: ${v.missingWages
                .map(
                  (m) =>
                    `${m.name}${m.role ? ` (${roleName(m.role)})` : ''}, ${Math.floor(m.minutes / 60)} h ${String(m.minutes % 60).padStart(2, '0')} min`,
                )
                .join('; ')}. Set their wage under Wages.`}
            />
          )}
          <p className="k-hint">
            {v.orders} order{v.orders === 1 ? '' : 's'} at {labor.location?.name ?? 'this location'} from the service’s
            events (totals with taxes and fees). Hourly wages are counted in the hour they were worked; salaries count
            in the day’s total only. Card tips refunded this day: {formatMoney(v.cardTipsRefundedCents)}.
          </p>
          <div className="k-table-scroll">
            <table className="k-table" data-testid="labor-hours">
              <TableHead
                columns={[
                  'Hour',
                  { label: 'Sales', numeric: true },
                  { label: 'Labor', numeric: true },
                  { label: 'Labor %', numeric: true },
                ]}
              />
              <tbody>
                {v.hours.length === 0 && (
                  <tr>
                    <td colSpan={4}>No hours worked and no orders this day.</td>
                  </tr>
                )}
                {v.hours.map((h) => (
                  <tr key={h.start}>
                    <td>{clockTime(h.start, tz)}</td>
                    <td className="num">{h.salesCents === null ? '—' : formatMoney(h.salesCents)}</td>
                    <td className="num">{formatMoney(h.laborCents)}</td>
                    <td className="num">{percent(h.percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
