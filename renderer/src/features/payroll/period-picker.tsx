// Which pay period a report or a payroll file covers: the venue's periods (the rule a manager set
// with the time-card approval, shared/labor-period.ts), newest first, or any two days typed in.
import { useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import { fiscalDayOf } from '../../../../shared/labor-calc';
import { DEFAULT_PAY_PERIOD, recentPeriods, type PayPeriod } from '../../../../shared/labor-period';
import { shortDay } from '../../../../shared/time';
import { api } from '../../api-context';
import { useRequest } from '../../hooks/use-request';
import { DayRange } from '../../components/day-range';
import { useNow } from '../kiosk/use-now';

export function usePayPeriod(token: string, labor: LaborView) {
  const now = useNow(60_000);
  const today = fiscalDayOf(now, labor.location?.timezone ?? null, labor.settings.fiscalDayStartHour);
  const approval = useRequest(() => api().laborApproval(token), [token]);
  // Until the venue's rule is read (or when it cannot be), weekly periods from a Monday.
  const periods = recentPeriods(today, approval.data?.rule ?? DEFAULT_PAY_PERIOD, 8);
  const [chosen, setChosen] = useState<PayPeriod | null>(null);
  return { periods, period: chosen ?? periods[0], setPeriod: setChosen };
}

export function PeriodPicker({
  periods,
  period,
  onChange,
}: {
  periods: PayPeriod[];
  period: PayPeriod;
  onChange(p: PayPeriod): void;
}) {
  const custom = !periods.some((p) => p.start === period.start && p.end === period.end);
  return (
    <div className="k-inline pay-period">
      <label>
        Pay period
        <select
          value={custom ? 'custom' : period.start}
          onChange={(e) => {
            const p = periods.find((x) => x.start === e.target.value);
            onChange(p ?? { ...period });
          }}
        >
          {periods.map((p) => (
            <option key={p.start} value={p.start}>
              {shortDay(p.start)} – {shortDay(p.end)}
            </option>
          ))}
          {custom && <option value="custom">Days chosen below</option>}
        </select>
      </label>
      <DayRange
        from={period.start}
        to={period.end}
        onFrom={(start) => onChange({ start, end: period.end })}
        onTo={(end) => onChange({ start: period.start, end })}
      />
    </div>
  );
}
