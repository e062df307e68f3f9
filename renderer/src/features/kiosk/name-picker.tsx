// "Tap your name": every person with a role at this location, on-shift people marked.
import type { BoardRow, StaffCard } from '../../../../shared/labor';

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
  return (
    <section className="k-names" aria-label="Tap your name">
      <h2 className="k-pad-title">Tap your name</h2>
      {staff.length === 0 ? (
        <p className="k-hint">
          No staff are set up for this location yet. A manager can add them under Manager → Staff &amp; PINs.
        </p>
      ) : (
        <div className="k-name-grid">
          {staff.map((s) => (
            <button key={s.userId} type="button" className="k-name" onClick={() => onPick(s)}>
              <span className="k-name-main">{s.name}</span>
              <span className="k-name-sub">
                {onShift.has(s.userId) ? 'on shift' : s.roles.map((r) => r.role).join(', ')}
              </span>
            </button>
          ))}
        </div>
      )}
      <button type="button" className="k-link" onClick={onBack}>
        Use my PIN instead
      </button>
    </section>
  );
}
