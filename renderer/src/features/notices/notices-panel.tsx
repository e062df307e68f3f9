// Notices: guests, catalog, location, option-group and QR-scan events, one line each, newest first.
// A manager scans them and dismisses what was seen; dismissals are kept by the core.
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { Problem } from '../../components/problem';
import { useAction } from '../../hooks/use-action';
import { useTimeOf } from '../tabs/format';

export function NoticesPanel() {
  const timeOf = useTimeOf();
  const view = useAppStore((s) => s.notices);
  const action = useAction();
  const dismiss = (keys: string[]) => action.run(() => api().tabsDismissNotices(keys));
  const notices = view?.notices ?? [];
  return (
    <section className="card notices-panel" aria-label="Notices">
      <div className="notices-head">
        <h2>Notices {notices.length > 0 && <span className="badge warn">{notices.length}</span>}</h2>
        {notices.length > 1 && <button onClick={() => void dismiss(notices.map((n) => n.key))}>Dismiss all</button>}
      </div>
      {notices.length === 0 && <p className="empty">Nothing new.</p>}
      <ul className="notice-list">
        {notices.map((n) => (
          <li key={n.key} data-testid="notice">
            <div>
              <strong>{n.title}</strong>
              <span className="hint">
                {n.detail ? `${n.detail} · ` : ''}
                {timeOf(n.createdAt)}
              </span>
            </div>
            <button aria-label={`Dismiss: ${n.title}`} onClick={() => void dismiss([n.key])}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      {view && view.dismissed > 0 && <p className="hint">{view.dismissed} dismissed</p>}
      <Problem text={action.error} detail={action.detail} />
    </section>
  );
}
