// Per person over the chosen days: shifts, hours worked (unpaid breaks taken off), break time, tips.
import type { PersonTotals } from '../../../../../shared/labor';
import { formatDuration, formatHoursWorked, sumShown } from '../../../../../shared/labor-calc';
import { useMoneyFamily } from '../../../components/money-unit-notice';
import { moneyReadings } from '../../../../../shared/money-units';
import { formatMoney } from '../../../../../shared/money';
import { TableHead } from '../../../components/table-head';

export function TotalsTable({ totals }: { totals: PersonTotals[] }) {
  // Declared tips are a "number" field: while its unit is not decided both readings show, never one.
  const numbers = useMoneyFamily('numbers');
  const tips = (cents: number) => moneyReadings(cents, numbers, formatMoney);
  if (totals.length === 0) return null;
  // Summed as shown (whole minutes), so "Everyone" never says 1 min over rows that each say 0 min.
  const sum = {
    worked: sumShown(totals.map((t) => t.workedMs)),
    breaks: sumShown(totals.map((t) => t.breakMs)),
    tips: totals.reduce((a, t) => a + t.tipsCents, 0),
    shifts: totals.reduce((a, t) => a + t.shifts, 0),
  };
  return (
    <table className="k-table k-totals" aria-label="Totals per person">
      <TableHead
        columns={[
          'Person',
          { label: 'Shifts', numeric: true },
          { label: 'Hours worked', numeric: true },
          { label: 'Break time', numeric: true },
          { label: 'Declared tips', numeric: true },
        ]}
      />
      <tbody>
        {totals.map((t) => (
          <tr key={t.userId} data-testid="totals-row">
            <td>{t.name}</td>
            <td className="num">{t.shifts}</td>
            <td className="num">{formatHoursWorked(t.workedMs)}</td>
            <td className="num">{formatDuration(t.breakMs)}</td>
            <td className="num">{tips(t.tipsCents)}</td>
          </tr>
        ))}
      </tbody>
      {totals.length > 1 && (
        <tfoot>
          <tr>
            <td>Everyone</td>
            <td className="num">{sum.shifts}</td>
            <td className="num">{formatHoursWorked(sum.worked)}</td>
            <td className="num">{formatDuration(sum.breaks)}</td>
            <td className="num">{tips(sum.tips)}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
