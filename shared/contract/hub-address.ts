// A satellite told where its venue hub is now (the hub moved to another computer, or its address
// changed): the satellite answers it itself, and keeps the address only when something answers
// there; what it then trusts is still the certificate it pinned at pairing.
import type { SatelliteStatus } from '../hub';

export interface HubAddressRequests {
  /** Satellite: try the hub at this address from now on (host:port); its link status after the try. */
  satelliteMoveHub: { args: [address: string]; result: SatelliteStatus };
}

export type HubAddressEvents = Record<never, never>;

export const hubAddressChannelKeys: Record<keyof HubAddressRequests, true> = { satelliteMoveHub: true };

export const hubAddressEventKeys: Record<keyof HubAddressEvents, true> = {};
