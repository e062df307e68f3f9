// How many punches wait for the service, in words a bartender understands, always visible. On a
// satellite whose hub is out of reach, the outbox shown is the hub's last known one: what waits
// then is the satellite's own queue, and "online" would be a lie.
import type { OutboxSummary } from '../../../../shared/labor';
import type { SatelliteStatus } from '../../../../shared/hub';

export function SyncPill({
  outbox,
  satellite = null,
  onSyncNow,
}: {
  outbox: OutboxSummary;
  satellite?: SatelliteStatus | null;
  onSyncNow(): void;
}) {
  if (satellite?.mode === 'satellite' && (satellite.link !== 'connected' || satellite.waitingPunches > 0)) {
    const n = satellite.waitingPunches;
    const offline = satellite.link !== 'connected';
    // Offline, the banner above already names the hub: the short text leaves a portrait kiosk's
    // header room for the venue's name ("Harbour Bar & Kit…" with the long one).
    const held =
      n === 0 ? 'No punches waiting' : `${n} ${n === 1 ? 'punch' : 'punches'} waiting${offline ? '' : ' for the hub'}`;
    return (
      <div className="k-sync" role="status" aria-live="polite">
        <span className={`k-pill k-pill-${offline ? 'bad' : 'neutral'}`}>
          <span data-testid="sync-pending" data-pending={n}>
            {held}
            {offline ? ' · hub offline' : ''}
          </span>
        </span>
      </div>
    );
  }
  const waiting = outbox.pending;
  const stuck = outbox.failed + outbox.blocked;
  let tone = 'good';
  let text = 'All punches synced';
  // Only a problem is worth alarming anyone: a punch on its way for a second is just "sending".
  const troubled = outbox.state === 'offline' || outbox.lastError !== null;
  const punches = `${waiting} ${waiting === 1 ? 'punch' : 'punches'}`;
  if (waiting > 0 && !troubled) {
    tone = 'neutral';
    text = `Sending ${punches}…`;
  } else if (waiting > 0) {
    tone = outbox.state === 'offline' ? 'bad' : 'warn';
    text = `${punches} waiting to sync${outbox.state === 'offline' ? ' · service offline' : ''}`;
  }
  return (
    <div className="k-sync" role="status" aria-live="polite">
      {/* One pill says both whether the service answers and what waits: all a kiosk needs. */}
      <span className={`k-pill k-pill-${tone}`}>
        {outbox.state !== 'offline' && <span className="k-pill-online">Online · </span>}
        <span data-testid="sync-pending" data-pending={waiting}>
          {text}
        </span>
      </span>
      {stuck > 0 && (
        <span className="k-pill k-pill-bad" data-testid="sync-stuck">
          {stuck} need{stuck === 1 ? 's' : ''} a manager
        </span>
      )}
      {waiting > 0 && troubled && (
        <button type="button" className="k-small" onClick={onSyncNow}>
          Retry now
        </button>
      )}
    </div>
  );
}
