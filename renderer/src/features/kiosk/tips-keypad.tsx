// Declaring tips at punch-out: a cash-register keypad (digits fill from the cents side, so "1250"
// reads $12.50 without anyone hunting for the decimal point). The physical keyboard works too.
// One punch-out button whatever the amount, in the same colour for $0.00 as for $12.50: the
// screen asks, it does not steer anyone towards declaring nothing.
import { useEffect, useState } from 'react';
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
  useEffect(() => {
    if (busy) return;
    const onKey = (e: KeyboardEvent) => {
      // A focused button or field answers Enter and Space itself.
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const onButton = e.target instanceof HTMLButtonElement;
      if (/^\d$/.test(e.key)) press(Number(e.key));
      else if (e.key === 'Backspace') setCents((c) => Math.floor(c / 10));
      else if (e.key === 'Delete') setCents(0);
      else if (e.key === 'Escape') onBack();
      else if (e.key === 'Enter' && !onButton) onConfirm(cents);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <section className="k-tips" aria-label="Declare tips">
      <h2 className="k-pad-title">Tips from this shift</h2>
      <p className="k-hint">
        Type the cash and card tips you are taking home, or punch out with $0.00 if there were none.
      </p>
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
        <button type="button" className="k-big k-neutral" onClick={() => onConfirm(cents)} disabled={busy}>
          {busy ? 'Saving…' : `Punch out · ${formatCents(cents)}`}
        </button>
      </div>
    </section>
  );
}
