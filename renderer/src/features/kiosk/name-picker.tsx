// "Tap your name": every person with a role at this location, on-shift people marked.
import type { BoardRow, StaffCard } from '../../../../shared/labor';
import { useKioskText } from '../i18n/use-kiosk-text';
import { roleName } from './role-name';

export function NamePicker({
  staff,
  rows,
  onPick,
  onBack,
}: {
  staff: StaffCard[];
  rows: BoardRow[];
  onPick(card: StaffCard): void;
  onBack(): void;
}) {
  const onShift = new Set(rows.map((r) => r.userId));
  const { t, language } = useKioskText();
  return (
    <section className="k-names" aria-label={t('names.title')}>
      <h2 className="k-pad-title">{t('names.title')}</h2>
      {staff.length === 0 ? (
        <p className="k-hint">{t('names.none')}</p>
      ) : (
        <div className="k-name-grid">
          {staff.map((s) => (
            <button key={s.userId} type="button" className="k-name" onClick={() => onPick(s)}>
              <span className="k-name-main">{s.name}</span>
              <span className="k-name-sub">
                {onShift.has(s.userId) ? t('names.onShift') : s.roles.map((r) => roleName(r.role, language)).join(', ')}
              </span>
            </button>
          ))}
        </div>
      )}
      <button type="button" className="k-link" onClick={onBack}>
        {t('names.usePin')}
      </button>
    </section>
  );
}
