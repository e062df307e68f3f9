// Where these screens act: the location picker (kept by the core across restarts) and, given
// `needsEvents`, the warning that the location is not subscribed (not-subscribed-banner.tsx).
import { useEffect, useEffectEvent, useState } from 'react';
import { staffWords } from '../../../../shared/errors';
import { ActionProblem } from '../../components/staff-problem';
import { needsManagerPin } from '../manager-access/use-settings-access';
import { useAction } from '../../hooks/use-action';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { NotSubscribedBanner } from './not-subscribed-banner';
import './tabs.css';

export function LocationBar({ needsEvents = false }: { needsEvents?: boolean }) {
  const settings = useAppStore((s) => s.tabsSettings);
  const locations = useAppStore((s) => s.locations);
  const action = useAction();
  const busy = action.busy;
  const loaded = locations?.as === 'integration' && locations.loadedAt !== null;
  const list = locations?.as === 'integration' ? locations.locations : [];
  const current = settings?.location ?? null;
  const known = list.find((l) => l.uuid === current?.uuid);

  const run = (work: () => Promise<unknown>) => action.run(work);

  // Once per mount: the list is shared with Settings and pushed whenever it changes.
  const loadIfMissing = useEffectEvent(() => {
    if (!loaded) void run(() => api().listLocations('integration'));
  });
  useEffect(() => loadIfMissing(), []);

  // The location asked for, kept while a manager's PIN is asked for it: signing in chooses it.
  const [asked, setAsked] = useState<{ uuid: string; name: string } | null>(null);
  const choose = (uuid: string) => {
    const location = list.find((l) => l.uuid === uuid);
    if (!location) return;
    const place = { uuid: location.uuid, name: location.name };
    setAsked(place);
    void run(async () => {
      await api().tabsSetLocation(place);
      setAsked(null);
    });
  };

  // The problem and the PIN prompt go on a line of their own under the heading and the picker.
  return (
    <>
      <div className="location-bar">
        <label className="location-pick">
          <span>Location</span>
          <select
            value={current?.uuid ?? ''}
            onChange={(e) => choose(e.target.value)}
            disabled={busy && list.length === 0}
          >
            {!current && <option value="">Choose a location…</option>}
            {current && !known && <option value={current.uuid}>{current.name}</option>}
            {list.map((l) => (
              <option key={l.uuid} value={l.uuid}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        {locations?.error && locations.as === 'integration' && (
          <span className="error">
            Could not list locations: {staffWords(locations.error).text}{' '}
            <button onClick={() => void run(() => api().listLocations('integration'))}>Try again</button>
          </span>
        )}
        {needsEvents && <NotSubscribedBanner />}
      </div>
      {action.error && (
        <div className="location-problem">
          {asked && needsManagerPin(action.payload) && (
            <p className="hint">{asked.name} is chosen once a manager signs in.</p>
          )}
          <ActionProblem action={action} afterSignIn={() => asked && choose(asked.uuid)} />
        </div>
      )}
    </>
  );
}

/** The chosen location, or null; screens show a prompt instead of their body while null. */
export function useTabsLocation() {
  return useAppStore((s) => s.tabsSettings?.location ?? null);
}
