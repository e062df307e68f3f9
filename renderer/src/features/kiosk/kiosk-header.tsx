// The kiosk's top line: where, what time it is there, whether punches are synced, and the way in
// for a manager.
import type { KioskLocation, OutboxSummary } from '../../../../shared/labor';
import { zoneNote } from '../../../../shared/time';
import { useKioskText } from '../i18n/use-kiosk-text';
import { SyncPill } from './sync-pill';
import { useNow } from './use-now';
import { useAppStore } from '../../store';

export function KioskHeader({
  location,
  outbox,
  onManager,
  onSyncNow,
  onKioskView,
}: {
  location: KioskLocation;
  outbox: OutboxSummary;
  onManager(): void;
  onSyncNow(): void;
  onKioskView?: () => void;
}) {
  const now = useNow(5000);
  const { t, time } = useKioskText();
  const satellite = useAppStore((s) => s.satellite);
  return (
    <header className="k-header">
      <div className="k-where">
        <h1 className="k-location">{location.name}</h1>
        <span className="k-clock" aria-label={t('header.clockLabel')} data-testid="kiosk-clock">
          {time(now, location.timezone)}
        </span>
        {zoneNote(location.timezone, now) && <span className="k-zone">{zoneNote(location.timezone, now)}</span>}
      </div>
      {/* One group: where the line is too short for it (a workstation's menu beside the kiosk, a
          longer language), it moves under the venue whole, and the name stays on one line. */}
      <div className="k-header-actions">
        <SyncPill outbox={outbox} satellite={satellite} onSyncNow={onSyncNow} />
        {onKioskView && (
          <button type="button" className="k-manager-button" onClick={onKioskView} title={t('header.kioskViewTitle')}>
            {t('header.kioskView')}
          </button>
        )}
        <button type="button" className="k-manager-button" onClick={onManager}>
          {t('header.manager')}
        </button>
      </div>
    </header>
  );
}
