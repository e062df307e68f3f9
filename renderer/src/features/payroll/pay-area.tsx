// "Labor & pay" in the manager area, on the venue hub's own screen only (a satellite's manager
// area has no such tab, and the hub refuses these requests from any device): labor against sales,
// wages, tips and the payroll file.
import { useState } from 'react';
import type { LaborView } from '../../../../shared/labor';
import { LaborToday } from './labor-today';
import { WageEditor } from './wage-editor';
import { TipsPanel } from './tips-panel';
import { PayrollExport } from './payroll-export';
import './payroll.css';

type Part = 'labor' | 'wages' | 'tips' | 'payroll';

const PARTS: [Part, string][] = [
  ['labor', 'Labor against sales'],
  ['wages', 'Wages'],
  ['tips', 'Tips'],
  ['payroll', 'Payroll'],
];

export function PayArea({ token, labor }: { token: string; labor: LaborView }) {
  const [part, setPart] = useState<Part>('labor');
  return (
    <div className="pay-area">
      <nav className="k-inline pay-parts" aria-label="Labor and pay">
        {PARTS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={key === part ? 'k-small k-small-go' : 'k-small'}
            aria-current={key === part ? 'page' : undefined}
            onClick={() => setPart(key)}
          >
            {label}
          </button>
        ))}
      </nav>
      {part === 'labor' && <LaborToday token={token} labor={labor} />}
      {part === 'wages' && <WageEditor token={token} />}
      {part === 'tips' && <TipsPanel token={token} labor={labor} />}
      {part === 'payroll' && <PayrollExport token={token} labor={labor} />}
    </div>
  );
}
