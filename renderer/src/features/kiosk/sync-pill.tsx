// How many punches wait for the service, in words a bartender understands, always visible. On a
// satellite whose hub is out of reach, the outbox shown is the hub's last known one: what waits
// then is the satellite's own queue, and "online" would be a lie.
import type { OutboxSummary } from '../../../../shared/labor';
import type { SatelliteStatus } from '../../../../shared/hub';
import { useKioskText } from '../i18n/use-kiosk-text';

export function SyncPill({
  outbox,
  satellite = null,
  onSyncNow,
}: {
  outbox: OutboxSummary;
  satellite?: SatelliteStatus | null;
  onSyncNow(): void;
}) {
  const { t } = useKioskText();
  if (satellite?.mode === 'satellite' && (satellite.link !== 'connected' || satellite.waitingPunches > 0)) {
    const n = satellite.waitingPunches;
    const offline = satellite.link !== 'connected';
    // Offline, the banner above already names the hub: the short text leaves a portrait kiosk's
    // header room for the venue's name ("Harbour Bar & Kit…" with the long one).
    const held =
      n === 0 ? t('sync.noneWaiting') : offline ? t('sync.waiting', { count: n }) : t('sync.waitingHub', { count: n });
    return (
      <div className="k-sync" role="status" aria-live="polite">
        <span className={`k-pill k-pill-${offline ? 'bad' : 'neutral'}`}>
          <span data-testid="sync-pending" data-pending={n}>
            {held}
            {offline ? t('sync.hubOffline') : ''}
          </span>
        </span>
      </div>
    );
  }
  const waiting = outbox.pending;
  const stuck = outbox.failed + outbox.blocked;
  let tone = 'good';
  // A parked punch is not synced: "All punches synced" beside "needs a manager" would say it was.
  let text = stuck > 0 ? '' : t('sync.allSynced');
  // Only a problem is worth alarming anyone: a punch on its way for a second is just "sending".
  const troubled = outbox.state === 'offline' || outbox.lastError !== null;
  if (waiting > 0 && !troubled) {
    tone = 'neutral';
    text = t('sync.sending', { count: waiting });
  } else if (waiting > 0) {
    tone = outbox.state === 'offline' ? 'bad' : 'warn';
    text = t('sync.waitingSync', { count: waiting }) + (outbox.state === 'offline' ? t('sync.serviceOffline') : '');
  }
  return (
    <div className="k-sync" role="status" aria-live="polite">
      {/* One pill says both whether the service answers and what waits: all a kiosk needs. */}
      <span className={`k-pill k-pill-${tone}`}>
        {outbox.state !== 'offline' && (
          // Nothing after it when only parked punches are left (the red pill beside says those).
          <span className="k-pill-online">{text ? t('sync.online') : t('sync.online').replace(/[\s·]+$/, '')}</span>
        )}
        <span data-testid="sync-pending" data-pending={waiting}>
          {text}
        </span>
      </span>
      {stuck > 0 && (
        <span className="k-pill k-pill-bad" data-testid="sync-stuck">
          {t('sync.needManager', { count: stuck })}
        </span>
      )}
      {waiting > 0 && troubled && (
        <button type="button" className="k-small" onClick={onSyncNow}>
          {t('sync.retry')}
        </button>
      )}
    </div>
  );
}
