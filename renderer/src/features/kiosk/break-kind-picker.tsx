// Starting a break: which kind. The service keeps paid or unpaid; the hub keeps meal or rest, and
// the venue's break preset holds each kind to its own rules (under California a 10-minute paid
// rest is not held to the 30-minute meal's minimum). The usual two are big; the other two are there
// for venues that pay a meal or leave a rest unpaid.
import '../approval/approval.css';
import type { BreakKind } from '../../../../shared/labor-period';
import { useKioskText } from '../i18n/use-kiosk-text';

export function BreakKindPicker({
  busy,
  onPick,
  onBack,
}: {
  busy: boolean;
  onPick(kind: BreakKind, paid: boolean): void;
  onBack(): void;
}) {
  const { t } = useKioskText();
  return (
    <section className="k-break-kinds" aria-label={t('breakKind.title')} data-testid="break-kinds">
      <h2 className="k-pad-title">{t('breakKind.title')}</h2>
      <div className="k-actions">
        <button type="button" className="k-big k-break" disabled={busy} onClick={() => onPick('rest', true)}>
          {t('breakKind.restPaid')}
        </button>
        <button type="button" className="k-big k-break" disabled={busy} onClick={() => onPick('meal', false)}>
          {t('breakKind.mealUnpaid')}
        </button>
      </div>
      <div className="k-row k-break-other">
        <button type="button" className="k-link" disabled={busy} onClick={() => onPick('meal', true)}>
          {t('breakKind.mealPaid')}
        </button>
        <button type="button" className="k-link" disabled={busy} onClick={() => onPick('rest', false)}>
          {t('breakKind.restUnpaid')}
        </button>
      </div>
      <button type="button" className="k-link" onClick={onBack} disabled={busy}>
        {t('breakKind.back')}
      </button>
    </section>
  );
}
