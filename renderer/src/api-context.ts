// The renderer's handle on main, set once at start-up; screens call it for requests.
import type { VenueApi } from '../../shared/contract';

let current: VenueApi | null = null;

export function setApi(api: VenueApi): void {
  current = api;
}

export function api(): VenueApi {
  if (!current) throw new Error('The app bridge is not ready yet');
  return current;
}
