// Tips: the tip report per shift and per person over a pay period (declared cash and card, what
// the rules moved, what each person ends with), then the venue's tip-out and pool rules by role.
import { useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import type { TipOutRule, TipPoolRule, TipRules } from '../../../../shared/labor-pay';
import { formatMoney } from '../../../../shared/money';
import { shortDay } from '../../../../shared/time';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { TableHead } from '../../components/table-head';
import { roleName } from '../kiosk/role-name';
import { PeriodPicker, usePayPeriod } from './period-picker';
import { tipsMoney } from './tips-money';

export function TipsPanel({ token, labor }: { token: string; labor: LaborView }) {
  const { periods, period, setPeriod } = usePayPeriod(token, labor);
  const rules = useRequest(() => api().payTipRules(token), [token]);
  const [saved, setSaved] = useState(0);
  const report = useRequest(
    () => api().payTipReport(token, period.start, period.end),
    [token, period.start, period.end, saved],
  );
  const money = (cents: number) => tipsMoney(cents, report.data?.tipsUnknown ?? null);
  const roles = [...new Set(labor.staff.flatMap((s) => s.roles.map((r) => r.role)))].sort();
  return (
    <div className="pay-stack">
      <section className="k-card" aria-label="Tip report">
        <h2>Tip report</h2>
        <PeriodPicker periods={periods} period={period} onChange={setPeriod} />
        <Problem text={report.error} detail={report.detail} />
        {report.data?.salesUnknown && <Problem tone="warning" text={report.data.salesUnknown} />}
        {report.data?.tipsUnknown && <Problem tone="warning" text={report.data.tipsUnknown} />}
        {report.data && (
          <>
            <div className="k-table-scroll">
              <table className="k-table" data-testid="tip-people">
                <TableHead
                  columns={[
                    'Person',
                    { label: 'Declared', numeric: true },
                    { label: 'Cash', numeric: true },
                    { label: 'Card', numeric: true },
                    { label: 'Not split', numeric: true },
                    { label: 'After the rules', numeric: true },
                  ]}
                />
                <tbody>
                  {report.data.people.length === 0 && (
                    <tr>
                      <td colSpan={6}>No shifts in these days.</td>
                    </tr>
                  )}
                  {report.data.people.map((p) => (
                    <tr key={p.userId}>
                      <td>{p.name}</td>
                      <td className="num">{money(p.declaredCents)}</td>
                      <td className="num">{money(p.cashCents)}</td>
                      <td className="num">{money(p.cardCents)}</td>
                      <td className="num">{money(p.unsplitCents)}</td>
                      <td className="num">{money(p.finalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h3>By shift</h3>
            <div className="k-table-scroll">
              <table className="k-table" data-testid="tip-shifts">
                <TableHead
                  columns={[
                    'Day',
                    'Person',
                    'Role',
                    { label: 'Declared', numeric: true },
                    { label: 'Tip-out given', numeric: true },
                    { label: 'Tip-out received', numeric: true },
                    'Pool',
                    { label: 'Ends with', numeric: true },
                  ]}
                />
                <tbody>
                  {report.data.shifts.map((s) => (
                    <tr key={s.shiftUuid}>
                      <td>{shortDay(s.day)}</td>
                      <td>{s.name}</td>
                      <td>{s.role ? roleName(s.role) : '—'}</td>
                      <td className="num">{money(s.declaredCents)}</td>
                      <td className="num">{money(s.tipOutGivenCents)}</td>
                      <td className="num">{money(s.tipOutReceivedCents)}</td>
                      <td>{s.pool ? `${s.pool} (${money(s.poolNetCents)})` : '—'}</td>
                      <td className="num">{money(s.finalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="k-hint">
              Card tips come from what each person declared as card at punch-out: the service’s order and tab events
              carry no tip. Card tips refunded in these days (from refunds’ tip part):{' '}
              {formatMoney(report.data.cardTipsRefundedCents)}.
            </p>
          </>
        )}
      </section>
      {rules.data && (
        <TipRulesForm
          token={token}
          rules={rules.data}
          roles={roles}
          onSaved={(r) => {
            rules.set(r);
            setSaved((n) => n + 1);
          }}
        />
      )}
      <Problem text={rules.error} detail={rules.detail} />
    </div>
  );
}

function TipRulesForm({
  token,
  rules,
  roles,
  onSaved,
}: {
  token: string;
  rules: TipRules;
  roles: string[];
  onSaved(r: TipRules): void;
}) {
  const [tipOuts, setTipOuts] = useState<(TipOutRule & { text: string })[]>(
    rules.tipOuts.map((t) => ({ ...t, text: String(t.percent) })),
  );
  const [pools, setPools] = useState<TipPoolRule[]>(rules.pools);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useAction();
  const first = roles[0] ?? 'server';
  const save = () => {
    const outs: TipOutRule[] = [];
    for (const t of tipOuts) {
      const percent = Number(t.text);
      if (!/^\d+(\.\d{1,2})?$/.test(t.text.trim()) || percent > 100) {
        setProblem('A tip-out is a percent from 0 to 100, with at most two decimals.');
        return;
      }
      outs.push({ fromRole: t.fromRole, toRole: t.toRole, percent, base: t.base });
    }
    if (pools.some((p) => p.name.trim() === '' || p.roles.length === 0)) {
      setProblem('Each pool needs a name and at least one role.');
      return;
    }
    setProblem(null);
    void request.run(async () => onSaved(await api().paySaveTipRules(token, { tipOuts: outs, pools })));
  };
  const roleSelect = (value: string, label: string, onChange: (v: string) => void) => (
    <label>
      <span className="sr-only">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {[...new Set([...roles, value])].map((r) => (
          <option key={r} value={r}>
            {roleName(r)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="k-card" aria-label="Tip rules">
      <h2>Tip rules</h2>
      <p className="k-hint">
        Tip-outs are taken first, then pools split what their roles hold by hours worked. A tip-out on sales shares the
        day’s sales among that role by hours (the service’s events do not say who sold what).
      </p>
      <h3>Tip-outs</h3>
      {tipOuts.length === 0 && <p className="k-hint">None.</p>}
      {tipOuts.map((t, i) => (
        <div key={i} className="k-inline pay-rule" data-testid="tip-out">
          {roleSelect(t.fromRole, `Tip-out ${i + 1}: from role`, (v) =>
            setTipOuts(tipOuts.map((x, j) => (j === i ? { ...x, fromRole: v } : x))),
          )}
          <span>gives</span>
          <label>
            <span className="sr-only">Tip-out {i + 1}: percent</span>
            <input
              className="pay-percent-input"
              inputMode="decimal"
              value={t.text}
              onChange={(e) => setTipOuts(tipOuts.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
            />
          </label>
          <span>% of</span>
          <label>
            <span className="sr-only">Tip-out {i + 1}: of what</span>
            <select
              value={t.base}
              onChange={(e) =>
                setTipOuts(tipOuts.map((x, j) => (j === i ? { ...x, base: e.target.value as TipOutRule['base'] } : x)))
              }
            >
              <option value="sales">sales</option>
              <option value="tips">tips</option>
            </select>
          </label>
          <span>to</span>
          {roleSelect(t.toRole, `Tip-out ${i + 1}: to role`, (v) =>
            setTipOuts(tipOuts.map((x, j) => (j === i ? { ...x, toRole: v } : x))),
          )}
          <button type="button" className="k-small" onClick={() => setTipOuts(tipOuts.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="k-small"
        onClick={() =>
          setTipOuts([...tipOuts, { fromRole: first, toRole: roles[1] ?? first, percent: 3, base: 'sales', text: '3' }])
        }
      >
        Add a tip-out
      </button>
      <h3>Pools</h3>
      {pools.length === 0 && <p className="k-hint">None.</p>}
      {pools.map((p, i) => (
        <fieldset key={i} className="pay-pool" data-testid="tip-pool">
          <legend>Pool {i + 1}</legend>
          <label>
            Name
            <input
              value={p.name}
              maxLength={60}
              onChange={(e) => setPools(pools.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
          </label>
          {roles.map((r) => (
            <label key={r} className="k-check-label">
              <input
                type="checkbox"
                checked={p.roles.includes(r)}
                onChange={(e) =>
                  setPools(
                    pools.map((x, j) =>
                      j === i
                        ? { ...x, roles: e.target.checked ? [...x.roles, r] : x.roles.filter((y) => y !== r) }
                        : x,
                    ),
                  )
                }
              />
              {roleName(r)}
            </label>
          ))}
          <button type="button" className="k-small" onClick={() => setPools(pools.filter((_, j) => j !== i))}>
            Remove pool
          </button>
        </fieldset>
      ))}
      <button type="button" className="k-small" onClick={() => setPools([...pools, { name: 'Floor', roles: [] }])}>
        Add a pool
      </button>
      <Problem text={problem ?? request.error} detail={problem ? null : request.detail} />
      <div className="k-row">
        <button type="button" className="k-small k-small-go" onClick={save} disabled={request.busy}>
          Save tip rules
        </button>
      </div>
    </section>
  );
}
