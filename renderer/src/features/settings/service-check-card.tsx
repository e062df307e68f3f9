// Settings → "Check this service": read-only probes of the configured service, shown point by
// point (what it showed, what the app assumes, the one setting to confirm, applied with one click)
// with what to register on its dashboard.
import { useState } from 'react';
import type { ServiceCheckConfirm, ServiceCheckReport } from '../../../../shared/domain';
import { useAppStore } from '../../store';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { CopyButton } from '../../components/copy-button';
import { ActionProblem } from '../../components/staff-problem';
import './service-check.css';

export function ServiceCheckCard() {
  const action = useAction();
  const [report, setReport] = useState<ServiceCheckReport | null>(null);
  const [applied, setApplied] = useState<Set<string>>(new Set());
  const setTabsSettings = useAppStore((s) => s.setTabsSettings);
  // The one setting a point proposes, applied through the same channel as Settings → Money units.
  const apply = async (point: string, confirm: ServiceCheckConfirm) => {
    const { family, unit } = confirm.setting;
    const result = await action.run(() => api().tabsSetMoneyUnit(family, unit));
    if (result) {
      setTabsSettings(result);
      setApplied((s) => new Set([...s, point]));
    }
  };
  const run = async () => {
    const result = await action.run(() => api().checkService());
    if (result) setReport(result);
  };
  return (
    <section className="card service-check" aria-label="Check this service">
      <h2>Check this service</h2>
      <p className="hint">
        Reads only (nothing is written): which answers this service gives where the spec leaves a choice, and what the
        app will assume.
      </p>
      <div className="actions">
        <button type="button" disabled={action.busy} onClick={() => void run()}>
          {action.busy ? 'Checking…' : 'Check this service'}
        </button>
      </div>
      <ActionProblem action={action} />
      {report && (
        <>
          <table className="check-table" data-testid="service-check">
            <caption className="hint">{report.service}</caption>
            <thead>
              <tr>
                <th scope="col">Point</th>
                <th scope="col">The service showed</th>
                <th scope="col">Reading</th>
                <th scope="col">The app assumes</th>
                <th scope="col">To confirm</th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line) => (
                <tr key={line.point} className={line.ok ? undefined : 'error'}>
                  <th scope="row">{line.point}</th>
                  <td>{line.saw}</td>
                  <td className="nowrap">{line.found ?? ''}</td>
                  <td>{line.assume}</td>
                  <td className="check-confirm">
                    {line.confirm &&
                      (applied.has(line.point) ? (
                        <span role="status">Confirmed: {line.confirm.label}</span>
                      ) : (
                        <button
                          type="button"
                          disabled={action.busy}
                          onClick={() => void apply(line.point, line.confirm!)}
                        >
                          Confirm: {line.confirm.label}
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Register on the service&apos;s dashboard</h3>
          <dl className="facts">
            <dt>Sign-in redirect URL</dt>
            <dd>
              <code>{report.register.redirectUrl}</code> <CopyButton text={report.register.redirectUrl} label="Copy" />
            </dd>
            <dt>Webhook endpoint URL</dt>
            <dd>
              <code>{report.register.webhookUrl}</code> <CopyButton text={report.register.webhookUrl} label="Copy" />
            </dd>
            <dt>Header prefix</dt>
            <dd>
              <code>{report.register.headerPrefix}</code> (X-{report.register.headerPrefix}-Signature, …)
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
