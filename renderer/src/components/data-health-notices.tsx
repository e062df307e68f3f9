// What the core found damaged in its data folder, for a manager: one sentence each, where the
// unreadable bytes were kept, and the technical reason behind "Details". Nothing was deleted;
// a notice stays (across restarts) until a manager marks it read, and the staff-list error
// stays until the file is repaired. "Mark as read" is offered only on a notice this device may
// mark (shared/data-health.ts): a kiosk device marks its own, never the venue's.
import { mayMarkRead, type DataHealthNotice } from '../../../shared/data-health';
import { api } from '../api-context';
import { useAction } from '../hooks/use-action';
import { useAppStore } from '../store';
import { ActionProblem } from './staff-problem';

export function DataHealthNotices() {
  const view = useAppStore((s) => s.dataHealth);
  const setDataHealth = useAppStore((s) => s.setDataHealth);
  const deviceRole = useAppStore((s) => (s.satellite?.mode === 'satellite' ? s.satellite.role : null));
  const action = useAction();
  const notices = view?.notices ?? [];
  if (notices.length === 0) return null;
  const markable = (n: DataHealthNotice) => mayMarkRead(n, deviceRole);
  const readable = notices.filter(markable).map((n) => n.id);
  const markRead = (ids: string[]) => void action.run(async () => setDataHealth(await api().dismissDataHealth(ids)));
  return (
    <section className="card data-health" aria-label="Data problems">
      <h2>Saved data that could not be read</h2>
      <p className="hint">
        Nothing was deleted: each damaged file was kept aside in the data folder, under the name shown.
      </p>
      <ul className="data-health-list">
        {notices.map((n) => (
          <li
            key={n.id}
            className={`data-health-${n.severity}`}
            data-testid="data-health-notice"
            data-owner={n.owner ?? 'here'}
          >
            <strong>
              {n.severity === 'error' ? 'Needs repair: ' : n.severity === 'warning' ? 'Check: ' : 'For information: '}
            </strong>
            {n.sentence}
            {n.keptAs && (
              <div className="hint">
                Kept as <code>{n.keptAs}</code>
              </div>
            )}
            <details className="problem-details">
              <summary>Details</summary>
              <code>{`${n.file}: ${n.detail}`}</code>
            </details>
            {markable(n) ? (
              <button type="button" disabled={action.busy} onClick={() => markRead([n.id])}>
                Mark as read
              </button>
            ) : (
              n.severity !== 'error' && (
                <p className="hint">The venue’s notice: a manager marks it read on a manager’s device or on the hub.</p>
              )
            )}
          </li>
        ))}
      </ul>
      {readable.length > 1 && (
        <button type="button" disabled={action.busy} onClick={() => markRead(readable)}>
          Mark all as read
        </button>
      )}
      <ActionProblem action={action} />
    </section>
  );
}
