// A schedule from a CSV file: the hub checks every line first and keeps nothing when one is bad,
// listing each bad line with why; a good file replaces the weeks it covers.
import { useState } from 'react';
import type { ScheduleImportResult } from '../../../../shared/labor-schedule';
import { SCHEDULE_CSV_HEADER } from '../../../../shared/labor-schedule-csv';
import { useAction } from '../../hooks/use-action';

export function ScheduleImport({ onImport }: { onImport(csv: string): Promise<ScheduleImportResult> }) {
  const [result, setResult] = useState<ScheduleImportResult | null>(null);
  const request = useAction();
  return (
    <section className="k-card k-form" aria-labelledby="sch-import-title">
      <h2 id="sch-import-title">Import a CSV</h2>
      <p className="k-hint">
        One shift a line, with the columns <code className="sch-import-columns">{SCHEDULE_CSV_HEADER}</code> (an{' '}
        <code>employee_id</code> or a name; times HH:MM, 24-hour). The weeks in the file are replaced; a file with any
        bad line changes nothing.
      </p>
      <label>
        Schedule file (.csv)
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setResult(null);
            void request.run(async () => setResult(await onImport(await file.text())));
          }}
        />
      </label>
      {request.error && (
        <p className="k-error" role="alert">
          {request.error}
        </p>
      )}
      {result?.ok === true && (
        <p role="status" data-testid="schedule-imported">
          Imported {result.imported} {result.imported === 1 ? 'shift' : 'shifts'}.
        </p>
      )}
      {result?.ok === false && (
        <div role="alert" data-testid="schedule-import-problems">
          <p>Nothing was imported. Fix these lines and import the file again:</p>
          <ul className="sch-problems">
            {result.problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
