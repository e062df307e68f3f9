// Pay periods: the venue's rule (weekly, biweekly from a start day, or semi-monthly) and the last
// few periods, each signed off by a manager once it is over. A signed-off period is locked: an
// edit of its days needs a reason and shows as a late edit in the timesheet and the CSV. Sign-off
// is a `once` write: its request id is made at the button.
import './approval.css';
import { useState } from 'react';
import type { ApprovalView, PayCadence, PayPeriod } from '../../../../shared/labor-period';
import { recentPeriods } from '../../../../shared/labor-period';
import type { LaborView } from '../../../../shared/labor';
import { fiscalDayOf } from '../../../../shared/labor-calc';
import { newRequestId } from '../../../../shared/request-id';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { dayTime, shortDay } from '../kiosk/format';
import { useNow } from '../kiosk/use-now';
import { TableHead } from '../../components/table-head';

const CADENCES: [PayCadence, string][] = [
  ['weekly', 'Weekly'],
  ['biweekly', 'Every two weeks'],
  ['semi-monthly', 'Twice a month (1st–15th, 16th–end)'],
];

export function PayPeriods({ token, labor }: { token: string; labor: LaborView }) {
  const view = useRequest(() => api().laborApproval(token), [token]);
  const tz = labor.location?.timezone ?? null;
  const now = useNow();
  const today = fiscalDayOf(now, tz, labor.settings.fiscalDayStartHour);
  if (!view.data) return <Problem text={view.error} detail={view.detail} />;
  return (
    <div className="k-pay-periods">
      <RuleForm token={token} approval={view.data} onSaved={view.set} />
      <section className="k-card" aria-label="Sign off pay periods">
        <h2>Sign off</h2>
        <p className="k-hint">
          Once a period is over, check Needs review in the timesheet, then sign it off. After that an edit of its days
          needs a reason and shows as a late edit.
        </p>
        <table className="k-table" data-testid="pay-periods">
          <TableHead columns={['Period', 'State', 'Act']} />
          <tbody>
            {recentPeriods(today, view.data.rule, 6).map((p) => (
              <PeriodRow
                key={p.start}
                token={token}
                period={p}
                today={today}
                approval={view.data as ApprovalView}
                timezone={tz}
                onSigned={view.reload}
              />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function PeriodRow({
  token,
  period,
  today,
  approval,
  timezone,
  onSigned,
}: {
  token: string;
  period: PayPeriod;
  today: string;
  approval: ApprovalView;
  timezone: string | null;
  onSigned(): void;
}) {
  const request = useAction();
  const signed = approval.signOffs.find((s) => s.start === period.start);
  const over = period.end < today;
  const name = `${shortDay(period.start)} – ${shortDay(period.end)}`;
  return (
    <tr data-testid="pay-period">
      <td>{name}</td>
      <td>
        {signed
          ? `Signed off by ${signed.byName}, ${dayTime(signed.at, timezone)}: locked`
          : over
            ? 'Over, not signed off'
            : 'Running'}
      </td>
      <td>
        {!signed && over && (
          <button
            type="button"
            className="k-small k-small-go"
            disabled={request.busy}
            aria-label={`Sign off and lock ${name}`}
            onClick={() =>
              void request.run(async () => {
                await api().laborSignOffPeriod(token, period.start, newRequestId());
                onSigned();
              })
            }
          >
            Sign off and lock
          </button>
        )}
        <Problem text={request.error} detail={request.detail} />
      </td>
    </tr>
  );
}

function RuleForm({
  token,
  approval,
  onSaved,
}: {
  token: string;
  approval: ApprovalView;
  onSaved(view: ApprovalView): void;
}) {
  const [cadence, setCadence] = useState<PayCadence>(approval.rule.cadence);
  const [startDay, setStartDay] = useState(approval.rule.startDay);
  const request = useAction();
  return (
    <form
      className="k-card k-form"
      aria-label="Pay period"
      onSubmit={(e) => {
        e.preventDefault();
        void request.run(async () => onSaved(await api().laborSetPayPeriod(token, { cadence, startDay })));
      }}
    >
      <h2>Pay period</h2>
      <div className="k-row">
        <label>
          How often
          <select value={cadence} onChange={(e) => setCadence(e.target.value as PayCadence)}>
            {CADENCES.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        {cadence !== 'semi-monthly' && (
          <label>
            First day of a period
            <input type="date" value={startDay} required onChange={(e) => setStartDay(e.target.value)} />
          </label>
        )}
        <button type="submit" className="k-small k-small-go" disabled={request.busy}>
          Save
        </button>
      </div>
      <Problem text={request.error} detail={request.detail} />
    </form>
  );
}
