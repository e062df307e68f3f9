// The kiosk's top line: where, what time it is there, whether punches are synced, and the way in
// for a manager.
import type { KioskLocation, OutboxSummary } from '../../../../shared/labor';
import { clockTime } from './format';
import { zoneNote } from '../../../../shared/time';
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
  const satellite = useAppStore((s) => s.satellite);
  return (
    <header className="k-header">
      <div className="k-where">
        <h1 className="k-location">{location.name}</h1>
        <span className="k-clock" aria-label="Time at this location">
          {clockTime(now, location.timezone)}
        </span>
        {zoneNote(location.timezone, now) && <span className="k-zone">{zoneNote(location.timezone, now)}</span>}
      </div>
      <SyncPill outbox={outbox} satellite={satellite} onSyncNow={onSyncNow} />
      {onKioskView && (
        <button
          type="button"
          className="k-manager-button"
          onClick={onKioskView}
          title="Show only the kiosk on this computer; a manager PIN leaves it"
        >
          Kiosk view
        </button>
      )}
      <button type="button" className="k-manager-button" onClick={onManager}>
        Manager
      </button>
    </header>
  );
}
