// The venue's time zone for every venue time on screen: the kiosk location's zone, which the
// service gives with the location (null: the service gave none, so this computer's zone).
import { useAppStore } from '../store';

export function useVenueZone(): string | null {
  return useAppStore((s) => s.labor?.location?.timezone ?? null);
}
