// Declaring tips at punch-out: a cash-register keypad (digits fill from the cents side, so "1250"
// reads $12.50 without anyone hunting for the decimal point).
import { useState } from 'react';
import { formatCents } from '../../../../shared/labor-calc';

const MAX_CENTS = 10_000_000;

export function TipsKeypad({
  busy,
  onConfirm,
  onBack,
}: {
  busy: boolean;
  onConfirm(cents: number): void;
  onBack(): void;
}) {
  const [cents, setCents] = useState(0);
  const press = (digit: number) => setCents((c) => (c * 10 + digit > MAX_CENTS ? c : c * 10 + digit));
  return (
    <section className="k-tips" aria-label="Declare tips">
      <h2 className="k-pad-title">Declare your tips</h2>
      <p className="k-hint">Cash and card tips you are taking home from this shift.</p>
      <output className="k-tips-amount" data-testid="tips-amount" aria-live="polite">
        {formatCents(cents)}
      </output>
      <div className="k-keys">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => (
          <button
            key={d}
            type="button"
            className="k-key"
            onClick={() => press(d)}
            disabled={busy}
            aria-label={`tips ${d}`}
          >
            {d}
          </button>
        ))}
        <button
          type="button"
          className="k-key k-key-muted"
          onClick={() => setCents(0)}
          disabled={busy}
          aria-label="Clear tips"
        >
          Clear
        </button>
        <button type="button" className="k-key" onClick={() => press(0)} disabled={busy} aria-label="tips 0">
          0
        </button>
        <button
          type="button"
          className="k-key k-key-muted"
          onClick={() => setCents((c) => Math.floor(c / 10))}
          disabled={busy}
          aria-label="Delete last digit"
        >
          ⌫
        </button>
      </div>
      <div className="k-row">
        <button type="button" className="k-big k-secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="button" className="k-big k-danger" onClick={() => onConfirm(cents)} disabled={busy}>
          {busy ? 'Saving…' : cents === 0 ? 'Punch out, no tips' : `Punch out · ${formatCents(cents)}`}
        </button>
      </div>
    </section>
  );
}
