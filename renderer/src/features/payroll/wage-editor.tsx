// Wages per person and role, and each person's id at the payroll provider. Kept on the hub only:
// this screen shows on the hub's own screen, and the hub refuses its requests from any device.
import { useState } from 'react';
import type { PersonPay, Wage, WagesView } from '../../../../shared/labor-pay';
import { centsToInput, formatMoney, parseDollars } from '../../../../shared/money';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { TableHead } from '../../components/table-head';
import { roleName } from '../kiosk/role-name';

type Person = WagesView['people'][number];

/** What a wage says in a cell: "$15.50 an hour", "$52,000.00 a year". */
export function wageWords(w: Wage): string {
  return `${formatMoney(w.cents)} ${w.per === 'hour' ? 'an hour' : w.per === 'week' ? 'a week' : 'a year'}`;
}

/** "1 Dec 2026" for a business day "2026-12-01" (the day as the venue names it, no time zone). */
export function dayWords(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A person's wages, by role and then start, each with when it is paid from. */
function wagesWords(wages: Wage[]): string {
  return [...wages]
    .sort((a, b) => (a.role ?? '').localeCompare(b.role ?? '') || (a.from ?? '').localeCompare(b.from ?? ''))
    .map(
      (w) => `${w.role ? roleName(w.role) : 'Any role'}: ${wageWords(w)}${w.from ? ` from ${dayWords(w.from)}` : ''}`,
    )
    .join('; ');
}

export function WageEditor({ token }: { token: string }) {
  const read = useRequest(() => api().payWages(token), [token]);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section className="k-card" aria-label="Wages">
      <h2>Wages</h2>
      <p className="k-hint">
        Kept on this computer (the venue hub) and in its backups, never sent to the kiosk or other devices. A wage for
        “Any role” applies where a person has none for the role they worked. A wage with a start date is paid for shifts
        from that day on; one without is paid until then.
      </p>
      <Problem text={read.error} detail={read.detail} />
      <div className="k-table-scroll">
        <table className="k-table" data-testid="wages">
          <TableHead columns={['Name', 'Payroll id', 'Wages']} actions />
          <tbody>
            {(read.data?.people ?? []).map((p) =>
              editing === p.userId ? (
                <WageForm
                  key={p.userId}
                  token={token}
                  person={p}
                  onDone={(view) => {
                    if (view) read.set(view);
                    setEditing(null);
                  }}
                />
              ) : (
                <tr key={p.userId} data-testid="wage-row">
                  <td className="k-wrap-short">{p.name}</td>
                  <td>{p.payrollId ?? '—'}</td>
                  <td className="k-wrap-short">{p.wages.length === 0 ? 'No wage set' : wagesWords(p.wages)}</td>
                  <td className="no-print">
                    <button
                      type="button"
                      className="k-small"
                      onClick={() => setEditing(p.userId)}
                      aria-label={`Edit the wages of ${p.name}`}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

interface Draft {
  role: string | null;
  kind: Wage['kind'];
  per: Wage['per'];
  amount: string;
  /** YYYY-MM-DD, or '' for "from always". */
  from: string;
}

function WageForm({ token, person, onDone }: { token: string; person: Person; onDone(view: WagesView | null): void }) {
  const choices: (string | null)[] = [null, ...person.roles];
  const [payrollId, setPayrollId] = useState(person.payrollId ?? '');
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    choices.flatMap((role): Draft[] => {
      const ws = person.wages
        .filter((x) => (x.role ?? null)?.toLowerCase() === role?.toLowerCase())
        .sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
      if (ws.length === 0) return [{ role, kind: 'hourly', per: 'hour', amount: '', from: '' }];
      return ws.map((w) => ({ role, kind: w.kind, per: w.per, amount: centsToInput(w.cents), from: w.from ?? '' }));
    }),
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useAction();
  const set = (i: number, patch: Partial<Draft>) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  // A new rate for a role goes after its last one, with its own start date.
  const addRate = (role: string | null) =>
    setDrafts((d) => {
      const last = d.map((x) => x.role).lastIndexOf(role);
      const next: Draft = { role, kind: d[last].kind, per: d[last].per, amount: '', from: '' };
      return [...d.slice(0, last + 1), next, ...d.slice(last + 1)];
    });
  const save = () => {
    const wages: Wage[] = [];
    const starts = new Set<string>();
    for (const d of drafts) {
      if (d.amount.trim() === '') continue;
      const label = d.role ? roleName(d.role) : 'Any role';
      const parsed = parseDollars(d.amount, { maxCents: d.kind === 'hourly' ? 1_000_000 : 10_000_000_000 });
      if (!parsed.ok) {
        setFieldError(`${label}: ${parsed.message}`);
        return;
      }
      const start = `${d.role ?? ''}@${d.from}`;
      if (starts.has(start)) {
        setFieldError(
          `${label}: two wages start ${d.from ? `on ${dayWords(d.from)}` : 'from always'}; give each its own start date`,
        );
        return;
      }
      starts.add(start);
      const from = d.from || null;
      wages.push(
        d.kind === 'hourly'
          ? { role: d.role, kind: 'hourly', cents: parsed.cents, per: 'hour', from }
          : { role: d.role, kind: 'salaried', cents: parsed.cents, per: d.per === 'week' ? 'week' : 'year', from },
      );
    }
    setFieldError(null);
    const pay: PersonPay = { userId: person.userId, payrollId: payrollId.trim() || null, wages };
    void request.run(async () => onDone(await api().paySaveWage(token, pay)));
  };
  return (
    <tr data-testid="wage-form">
      <td className="k-wrap-short">{person.name}</td>
      <td>
        <label>
          <span className="sr-only">Payroll id of {person.name}</span>
          <input
            value={payrollId}
            maxLength={40}
            onChange={(e) => setPayrollId(e.target.value)}
            placeholder="Employee id"
            className="pay-id"
          />
        </label>
      </td>
      <td>
        <div className="pay-wages">
          {drafts.map((d, i) => {
            const label = d.role ? roleName(d.role) : 'Any role';
            const lastOfRole = drafts[i + 1]?.role !== d.role;
            return (
              <fieldset key={`${d.role ?? ''}-${i}`} className="pay-wage">
                <legend>{label}</legend>
                <label>
                  <span className="sr-only">How {label} is paid</span>
                  <select
                    value={d.kind === 'hourly' ? 'hour' : d.per}
                    onChange={(e) =>
                      set(
                        i,
                        e.target.value === 'hour'
                          ? { kind: 'hourly', per: 'hour' }
                          : { kind: 'salaried', per: e.target.value as Wage['per'] },
                      )
                    }
                  >
                    <option value="hour">Hourly</option>
                    <option value="week">Salary a week</option>
                    <option value="year">Salary a year</option>
                  </select>
                </label>
                <label>
                  <span className="sr-only">
                    {label} {d.kind === 'hourly' ? 'dollars an hour' : `dollars a ${d.per}`}
                  </span>
                  <input
                    inputMode="decimal"
                    value={d.amount}
                    onChange={(e) => set(i, { amount: e.target.value })}
                    placeholder={d.kind === 'hourly' ? '0.00 an hour' : `0.00 a ${d.per}`}
                    className="pay-amount"
                  />
                </label>
                <label className="pay-from">
                  <span>Paid from</span>
                  <input
                    type="date"
                    value={d.from}
                    onChange={(e) => set(i, { from: e.target.value })}
                    aria-label={`${label}: paid from (empty: always)`}
                  />
                  {d.from === '' && <span className="k-hint">always</span>}
                </label>
                {lastOfRole && d.amount.trim() !== '' && (
                  <button type="button" className="k-small" onClick={() => addRate(d.role)}>
                    New rate from a date
                  </button>
                )}
              </fieldset>
            );
          })}
        </div>
        {(fieldError ?? request.error) && (
          <Problem text={fieldError ?? request.error} detail={fieldError ? null : request.detail} />
        )}
      </td>
      <td className="no-print">
        <div className="k-inline">
          <button type="button" className="k-small k-small-go" onClick={save} disabled={request.busy}>
            Save wages
          </button>
          <button type="button" className="k-small" onClick={() => onDone(null)} disabled={request.busy}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
