// On the printed timesheet only: a line for each person to sign their hours and one for the
// manager, because a paper timesheet is signed where a screen is approved.
import type { PersonTotals } from '../../../../../shared/labor';
import { formatHoursWorked } from '../../../../../shared/labor-calc';

export function SignatureLines({ totals }: { totals: PersonTotals[] }) {
  if (totals.length === 0) return null;
  return (
    <section className="print-only k-signatures" aria-label="Signatures" data-testid="signature-lines">
      <h2>Signatures</h2>
      <p>I confirm the hours above are the hours I worked.</p>
      <ul>
        {totals.map((t) => (
          <li key={t.userId}>
            <span className="k-sign-who">
              {t.name} · {formatHoursWorked(t.workedMs)}
            </span>
            <span className="k-sign-line">Signature</span>
            <span className="k-sign-date">Date</span>
          </li>
        ))}
        <li>
          <span className="k-sign-who">Manager</span>
          <span className="k-sign-line">Signature</span>
          <span className="k-sign-date">Date</span>
        </li>
      </ul>
    </section>
  );
}
