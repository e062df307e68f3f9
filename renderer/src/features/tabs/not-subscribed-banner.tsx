// The warning, with its one-click fix, for a screen fed by events whose location is not subscribed:
// then no event from it reaches the app and the screen silently stops updating. The Tabs screen
// shows it under its location picker; Gift cards shows it above the sales it would keep from
// arriving, so the tiles and the checkout keep their height on a landscape till.
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { api } from '../../api-context';
import { useAppStore } from '../../store';

export function NotSubscribedBanner() {
  const current = useAppStore((s) => s.tabsSettings?.location ?? null);
  const locations = useAppStore((s) => s.locations);
  const action = useAction();
  const list = locations?.as === 'integration' ? locations.locations : [];
  const known = list.find((l) => l.uuid === current?.uuid);
  if (!known || known.subscribed === true) return null;
  const subscribe = () => void action.run(() => api().subscribeLocations([known.uuid], 'integration'));
  return (
    <div className="banner warn not-subscribed" role="alert" data-testid="not-subscribed">
      <span>
        {known.subscribed === false ? (
          <>
            <strong>{known.name} is not subscribed</strong>, so its events do not reach this app and this screen will
            not update.
          </>
        ) : (
          <>
            <strong>This service does not say whether {known.name} is subscribed.</strong> If this screen does not
            update, its events are not reaching this app: subscribe it (doing it twice is harmless).
          </>
        )}
      </span>
      <button className="primary big" disabled={action.busy} onClick={subscribe}>
        {action.busy ? 'Subscribing…' : 'Subscribe this location'}
      </button>
      {action.error && (
        <div className="banner-problem">
          <ActionProblem action={action} afterSignIn={subscribe} />
        </div>
      )}
    </div>
  );
}
