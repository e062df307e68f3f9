// A pay period's totals and the file a payroll provider imports (Gusto, ADP Workforce Now, Paychex
// Flex, Square Payroll). What each provider's file holds, and what its public docs did not say, is
// at the top of its template in shared/payroll/.
import { useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import { PAYROLL_PROVIDERS, type PayrollProvider } from '../../../../shared/labor-pay';
import { PROVIDER_LABEL } from '../../../../shared/payroll/payroll-file';
import { formatMoney } from '../../../../shared/money';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { TableHead } from '../../components/table-head';
import { roleName } from '../kiosk/role-name';
import { PeriodPicker, usePayPeriod } from './period-picker';
import { wageWords } from './wage-editor';
import { tipsMoney } from './tips-money';

const hours = (minutes: number) => (minutes / 60).toFixed(2);

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PayrollExport({ token, labor }: { token: string; labor: LaborView }) {
  const { periods, period, setPeriod } = usePayPeriod(token, labor);
  const totals = useRequest(
    () => api().payPeriodTotals(token, period.start, period.end),
    [token, period.start, period.end],
  );
  const [provider, setProvider] = useState<PayrollProvider>('gusto');
  const [companyCode, setCompanyCode] = useState('');
  const [batchId, setBatchId] = useState('');
  const [warnings, setWarnings] = useState<string[]>([]);
  const [made, setMade] = useState<string | null>(null);
  const request = useAction();
  const needsCode = provider === 'adp-wfn' || provider === 'paychex-flex';
  const make = () =>
    void request.run(async () => {
      const file = await api().payPayrollFile(token, provider, period.start, period.end, {
        ...(companyCode.trim() ? { companyCode: companyCode.trim() } : {}),
        ...(batchId.trim() ? { batchId: batchId.trim() } : {}),
      });
      setWarnings(file.warnings);
      setMade(file.fileName);
      download(file.fileName, file.text);
    });
  const lines = totals.data?.lines ?? [];
  return (
    <div className="pay-stack">
      <section className="k-card" aria-label="Payroll file">
        <h2>Payroll</h2>
        <PeriodPicker periods={periods} period={period} onChange={setPeriod} />
        <div className="k-inline pay-export">
          <label>
            Provider
            <select value={provider} onChange={(e) => setProvider(e.target.value as PayrollProvider)}>
              {PAYROLL_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {PROVIDER_LABEL[p]}
                </option>
              ))}
            </select>
          </label>
          {needsCode && (
            <label>
              {provider === 'adp-wfn' ? 'ADP company code' : 'Paychex client id'}
              <input value={companyCode} maxLength={10} onChange={(e) => setCompanyCode(e.target.value)} />
            </label>
          )}
          {provider === 'adp-wfn' && (
            <label>
              Batch id
              <input value={batchId} maxLength={10} onChange={(e) => setBatchId(e.target.value)} />
            </label>
          )}
          <button type="button" className="k-small k-small-go" onClick={make} disabled={request.busy}>
            Download {PROVIDER_LABEL[provider]} file
          </button>
        </div>
        <Problem text={request.error} detail={request.detail} />
        {made && <p className="k-hint">Saved {made}.</p>}
        {warnings.length > 0 && (
          <ul className="pay-warnings" aria-label="About this file">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="k-card" aria-label="Pay period totals">
        <h2>Pay period totals</h2>
        <Problem text={totals.error} detail={totals.detail} />
        {totals.data?.tipsUnknown && <Problem tone="warning" text={totals.data.tipsUnknown} />}
        {totals.data?.truncated && (
          <Problem tone="warning" text="Some entries may be missing from these days: choose fewer days." />
        )}
        <div className="k-table-scroll">
          <table className="k-table" data-testid="pay-totals">
            <TableHead
              columns={[
                'Person',
                'Role',
                'Wage',
                { label: 'Regular h', numeric: true },
                { label: 'Overtime h', numeric: true },
                { label: 'Double h', numeric: true },
                { label: 'Pay', numeric: true },
                { label: 'Cash tips', numeric: true },
                { label: 'Paycheck tips', numeric: true },
              ]}
            />
            <tbody>
              {lines.length === 0 && (
                <tr>
                  <td colSpan={9}>No hours or tips in these days.</td>
                </tr>
              )}
              {lines.map((l) => (
                <tr key={`${l.userId}|${l.role ?? ''}`}>
                  <td>{l.name}</td>
                  <td>{l.role ? roleName(l.role) : '—'}</td>
                  <td>{l.wage ? wageWords(l.wage) : 'No wage set'}</td>
                  <td className="num">{hours(l.regularMinutes)}</td>
                  <td className="num">{hours(l.overtimeMinutes)}</td>
                  <td className="num">{hours(l.doubleMinutes)}</td>
                  <td className="num">{formatMoney(l.grossCents)}</td>
                  <td className="num">{tipsMoney(l.cashTipsCents, totals.data?.tipsUnknown ?? null)}</td>
                  <td className="num">{tipsMoney(l.paycheckTipsCents, totals.data?.tipsUnknown ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
