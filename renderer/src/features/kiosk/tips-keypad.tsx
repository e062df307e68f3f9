// Declaring tips at punch-out: a cash-register keypad (digits fill from the cents side, so "1250"
// reads $12.50 without anyone hunting for the decimal point). The physical keyboard works too.
// One punch-out button whatever the amount, in the same colour for $0.00 as for $12.50: the
// screen asks, it does not steer anyone towards declaring nothing. Cash and card are typed apart
// (the keypad fills the one chosen, cash first): the service keeps their sum as declared_tips, the
// hub keeps the split for the tip report and payroll (electron/core/labor/pay/).
import { useEffect, useState } from 'react';
import { useKioskText } from '../i18n/use-kiosk-text';

const MAX_CENTS = 10_000_000;

export function TipsKeypad({
  busy,
  error = null,
  onConfirm,
  onBack,
}: {
  busy: boolean;
  /** Why the punch-out was refused (tips in a unit not confirmed, say): said here, where it was pressed. */
  error?: string | null;
  onConfirm(cents: number, cardCents: number): void;
  onBack(): void;
}) {
  const [amounts, setAmounts] = useState({ cash: 0, card: 0 });
  const [field, setField] = useState<'cash' | 'card'>('cash');
  const { t, money } = useKioskText();
  const cents = amounts.cash + amounts.card;
  const setCents = (next: (c: number) => number) => setAmounts((a) => ({ ...a, [field]: next(a[field]) }));
  // A digit goes to the amount chosen, while the two together stay within the most a shift declares.
  const press = (digit: number) =>
    setAmounts((a) => {
      const next = a[field] * 10 + digit;
      const other = field === 'cash' ? a.card : a.cash;
      if (next + other <= MAX_CENTS) return { ...a, [field]: next };
      return a;
    });
  const confirm = () => onConfirm(cents, amounts.card);
  useEffect(() => {
    if (busy) return;
    const onKey = (e: KeyboardEvent) => {
      // A focused button or field answers Enter and Space itself.
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const onButton = e.target instanceof HTMLButtonElement;
      if (/^\d$/.test(e.key)) press(Number(e.key));
      else if (e.key === 'Backspace') setCents((c) => Math.floor(c / 10));
      else if (e.key === 'Delete') setCents(() => 0);
      else if (e.key === 'Escape') onBack();
      else if (e.key === 'Enter' && !onButton) confirm();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <section className="k-tips" aria-label={t('tips.label')}>
      <h2 className="k-pad-title">{t('tips.title')}</h2>
      {error && (
        <p className="k-error" role="alert">
          {error}
        </p>
      )}
      <p className="k-hint">{t('tips.hint', { zero: money(0) })}</p>
      <div className="k-tips-fields">
        {(['cash', 'card'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={f === field ? 'k-tips-field active' : 'k-tips-field'}
            aria-pressed={f === field}
            onClick={() => setField(f)}
            disabled={busy}
          >
            <span className="k-tips-field-name">{t(f === 'cash' ? 'tips.cash' : 'tips.card')}</span>
            <output
              className="k-tips-amount"
              data-testid={f === 'cash' ? 'tips-amount' : 'tips-card-amount'}
              aria-live="polite"
            >
              {money(amounts[f])}
            </output>
          </button>
        ))}
      </div>
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
          onClick={() => setCents(() => 0)}
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
        <button type="button" className="k-big k-neutral" onClick={confirm} disabled={busy}>
          {busy ? t('tips.saving') : t('tips.punchOut', { amount: money(cents) })}
        </button>
      </div>
    </section>
  );
}
