// The hub-address part of the contract on a core (a hub or a computer on its own): only a
// satellite has a hub address to change (electron/host/satellite.ts answers it there).
import type { HandlersOf } from '../../../shared/contract';
import type { HubAddressRequests } from '../../../shared/contract/hub-address';
import { appError } from '../../../shared/app-error';

export function hubAddressHandlers(): HandlersOf<HubAddressRequests> {
  return {
    satelliteMoveHub: async () => {
      throw appError('conflict', 'This device is not a satellite of a venue hub: it has no hub address to change', {
        what: 'satellite mode',
      });
    },
  };
}
