// Declaring tips at punch-out: a cash-register keypad (digits fill from the cents side, so "1250"
// reads $12.50 without anyone hunting for the decimal point). The physical keyboard works too.
// One punch-out button whatever the amount, in the same colour for $0.00 as for $12.50: the
// screen asks, it does not steer anyone towards declaring nothing.
import { useEffect, useState } from 'react';
import { useKioskText } from '../i18n/use-kiosk-text';

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
  const { t, money } = useKioskText();
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
    <section className="k-tips" aria-label={t('tips.label')}>
      <h2 className="k-pad-title">{t('tips.title')}</h2>
      <p className="k-hint">{t('tips.hint', { zero: money(0) })}</p>
      <output className="k-tips-amount" data-testid="tips-amount" aria-live="polite">
        {money(cents)}
      </output>
      <div className="k-keys">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => (
          <button
            key={d}
            type="button"
            className="k-key"
            onClick={() => press(d)}
            disabled={busy}
            aria-label={t('tips.digit', { digit: d })}
          >
            {d}
          </button>
        ))}
        <button
          type="button"
          className="k-key k-key-muted"
          onClick={() => setCents(0)}
          disabled={busy}
          aria-label={t('tips.clearLabel')}
        >
          {t('tips.clear')}
        </button>
        <button
          type="button"
          className="k-key"
          onClick={() => press(0)}
          disabled={busy}
          aria-label={t('tips.digit', { digit: 0 })}
        >
          0
        </button>
        <button
          type="button"
          className="k-key k-key-muted"
          onClick={() => setCents((c) => Math.floor(c / 10))}
          disabled={busy}
          aria-label={t('tips.deleteLabel')}
        >
          ⌫
        </button>
      </div>
      <div className="k-row">
        <button type="button" className="k-big k-secondary" onClick={onBack} disabled={busy}>
          {t('tips.back')}
        </button>
        <button type="button" className="k-big k-neutral" onClick={() => onConfirm(cents)} disabled={busy}>
          {busy ? t('tips.saving') : t('tips.punchOut', { amount: money(cents) })}
        </button>
      </div>
    </section>
  );
}
