import { useEffect, useState } from 'react';
import type { ConnectionStatus, LocationsView } from '../../../../shared/domain';
import { api } from '../../api-context';
import { formatVenueTime } from '../../../../shared/time';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { useAction } from '../../hooks/use-action';
import { ActionProblem, StaffProblem } from '../../components/staff-problem';

export function LocationsCard({ view, connection }: { view: LocationsView | null; connection: ConnectionStatus }) {
  const timezone = useVenueZone();
  const [as, setAs] = useState<'integration' | 'user'>(view?.as ?? 'integration');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const action = useAction();
  const canUseUser = connection.user !== null && !connection.user.needsSignIn;
  const locations = view && view.as === as ? view.locations : [];
  const reachable = connection.integrationToken.state === 'valid';

  // Show the integration's locations without a click once the service answers.
  useEffect(() => {
    if (reachable && !view?.loadedAt && !view?.error)
      void api()
        .listLocations('integration')
        .catch(() => {});
  }, [reachable, view?.loadedAt, view?.error]);

  const toggle = (uuid: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  return (
    <section className="card" aria-label="Locations">
      <h2>Locations</h2>
      <div className="actions">
        <label>
          List as{' '}
          <select value={as} onChange={(e) => setAs(e.target.value as 'integration' | 'user')}>
            <option value="integration">the integration</option>
            <option value="user" disabled={!canUseUser}>
              the signed-in user
            </option>
          </select>
        </label>
        <button disabled={action.busy} onClick={() => action.run(() => api().listLocations(as))}>
          {action.busy ? 'Loading…' : 'Load locations'}
        </button>
      </div>
      {view?.error && view.as === as && <StaffProblem message={view.error} />}
      {view && view.as === as && view.complete === false && (
        <p className="warning" data-testid="locations-incomplete">
          Some locations may be missing: the service’s list could not be read to its end
          {view.incompleteHow ? ` (${view.incompleteHow})` : ''}. Load locations again, or check the service’s paging
          with “Check this service”.
        </p>
      )}
      {view && view.as === as && view.loadedAt && locations.length === 0 && !view.error && (
        <p className="empty">The service lists no locations for {as === 'user' ? 'this user' : 'this integration'}.</p>
      )}
      {!view?.loadedAt || view.as !== as ? <p className="empty">Locations have not been loaded yet.</p> : null}
      {locations.length > 0 && (
        <ul className="location-list">
          {locations.map((location) => (
            <li key={location.uuid}>
              <label>
                <input type="checkbox" checked={chosen.has(location.uuid)} onChange={() => toggle(location.uuid)} />
                <span className="location-name">{location.name}</span>
              </label>
              <span
                className={location.subscribed ? 'badge good' : 'badge'}
                title={
                  location.subscribed === null
                    ? 'This service does not say whether a location is subscribed; subscribing again is harmless.'
                    : undefined
                }
              >
                {location.subscribed === null
                  ? 'subscription not shown'
                  : location.subscribed
                    ? 'subscribed'
                    : 'not subscribed'}
              </span>
              {location.flags.tab_pass_spend_limits && <span className="badge">spend limits</span>}
            </li>
          ))}
        </ul>
      )}
      {locations.length > 0 && (
        <div className="actions">
          <button
            className="primary"
            disabled={chosen.size === 0 || action.busy}
            onClick={() =>
              action.run(async () => {
                await api().subscribeLocations([...chosen], as);
                setChosen(new Set());
              })
            }
          >
            Subscribe {chosen.size || ''} selected
          </button>
          {view?.loadedAt && <span className="hint">Loaded {formatVenueTime(view.loadedAt, timezone)}</span>}
        </div>
      )}
      <ActionProblem action={action} />
    </section>
  );
}
