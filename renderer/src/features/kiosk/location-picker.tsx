// First run: which venue does this kiosk stand in? Every punch goes to that location.
import type { LocationChoice } from '../../../../shared/labor';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';

export function LocationPicker({ token, onDone }: { token: string | null; onDone?: () => void }) {
  const load = useRequest(() => api().laborLocations(), []);
  const choices: LocationChoice[] | null = load.data;
  const save = useAction();

  return (
    <section className="k-setup" aria-label="Choose this kiosk's location">
      <h2>Where is this kiosk?</h2>
      <p className="k-hint">
        Every punch made here is recorded at the location you choose. A manager can change it later.
      </p>
      {load.loading && <p className="k-hint">Loading locations…</p>}
      {load.error && (
        <div className="k-error-block">
          <Problem text={load.error} detail={load.detail}>
            Could not load the locations:{' '}
          </Problem>
          <button type="button" className="k-small" onClick={load.reload}>
            Try again
          </button>
        </div>
      )}
      <div className="k-name-grid">
        {choices?.map((c) => (
          <button
            key={c.uuid}
            type="button"
            className="k-name"
            disabled={save.busy}
            onClick={() =>
              save.run(async () => {
                await api().laborSetLocation(token, c);
                onDone?.();
              })
            }
          >
            <span className="k-name-main">{c.name}</span>
            <span className="k-name-sub">{c.timezone ?? 'time zone of this computer'}</span>
          </button>
        ))}
      </div>
      {choices?.length === 0 && <p className="k-hint">The service lists no locations for this app.</p>}
      {save.error && (
        <p className="k-error" role="alert">
          {save.error}
        </p>
      )}
    </section>
  );
}
