// The venue's zone for every venue time on screen, on every screen alike (shared/time.ts
// venueZoneOf): the kiosk location's zone, else the till location's, else the venue's default
// from the locations list. Null when nothing says (then this computer's zone).
import { venueZoneOf } from '../../../shared/time';
import { useAppStore } from '../store';

export function useVenueZone(): string | null {
  return useAppStore((s) =>
    venueZoneOf(s.labor?.location ?? null, s.tabsSettings?.location?.uuid ?? null, s.locations?.locations ?? []),
  );
}
