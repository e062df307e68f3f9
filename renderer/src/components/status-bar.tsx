// Always visible: which service we talk to and whether it answers, so staff know at a glance
// whether what they see is live.
import { useAppStore } from '../store';
import type { ListenerStatus } from '../../../shared/webhooks';
import { describeToken } from '../features/settings/format';
import { clockTime, zoneNote } from '../../../shared/time';
import { staffWords } from '../../../shared/errors';
import { useVenueZone } from '../hooks/use-venue-zone';

export function StatusBar() {
  const bridge = useAppStore((s) => s.bridge);
  const connection = useAppStore((s) => s.connection);
  const snapshotError = useAppStore((s) => s.snapshotError);
  const listener = useAppStore((s) => s.listener);
  const timezone = useVenueZone();

  if (bridge !== 'open') {
    return (
      <div className="status-bar bad" role="status">
        {bridge === 'connecting'
          ? 'Connecting to the app…'
          : 'Lost contact with the app host; retrying. If this lasts, get a new sign-in address on the host computer (npm run host -- --new-link) and open it here, or '}
        {bridge !== 'connecting' && <a href="/sign-in">sign in with a manager PIN</a>}
        {bridge !== 'connecting' && '.'}
      </div>
    );
  }
  if (snapshotError)
    return (
      <div className="status-bar bad" role="alert">
        {snapshotError}
      </div>
    );
  if (!connection) return <div className="status-bar">Loading…</div>;
  const target =
    connection.settings.mode === 'sandbox' ? 'Embedded sandbox' : connection.settings.baseUrl || 'No service set';
  const failing = connection.reachability === 'error' || connection.integrationToken.state === 'error';
  const tone = failing ? 'bad' : connection.reachability === 'ok' ? 'good' : '';
  return (
    <div className={`status-bar ${tone}`} role="status" data-testid="status-bar">
      <span className="status-target">{target}</span>
      <span title={connection.reachability === 'error' ? (connection.message ?? undefined) : undefined}>
        {connection.reachability === 'error'
          ? staffWords(connection.problem ?? connection.message ?? '').text
          : connection.reachability === 'ok'
            ? 'reachable'
            : 'not contacted yet'}
      </span>
      <span>Integration token: {describeToken(connection.integrationToken, timezone)}</span>
      {connection.user && (
        <span>
          User: {connection.user.needsSignIn ? 'sign in again' : describeToken(connection.user.token, timezone)}
        </span>
      )}
      {listener && <ListenerSummary listener={listener} />}
      <VenueZone />
    </div>
  );
}

function ListenerSummary({ listener }: { listener: ListenerStatus }) {
  const timezone = useVenueZone();
  if (listener.state !== 'listening') {
    return (
      <span className="status-warn" data-testid="listener-summary">
        Webhooks: {listener.message ?? listener.state}
      </span>
    );
  }
  const last = listener.lastEventAt ? `last event ${clockTime(listener.lastEventAt, timezone)}` : 'no events yet';
  return (
    <span data-testid="listener-summary">
      Webhooks: listening on {listener.url?.replace(/^http:\/\//, '')}, {last}
      {listener.failures > 0 && <strong className="status-warn">, {listener.failures} refused</strong>}
    </span>
  );
}

/** The venue's zone, only when it differs from this computer's (then every time shown is the venue's). */
function VenueZone() {
  const timezone = useVenueZone();
  const note = zoneNote(timezone);
  if (!note) return null;
  return (
    <span data-testid="venue-zone" title={`Times are shown in the venue's time zone, ${timezone}`}>
      Venue time: {note}
    </span>
  );
}
