// The hub part of the contract, one line a request. A device that is not a hub says so instead of
// pretending to have no devices.
import type { HandlersOf } from '../../../shared/contract';
import type { HubRequests } from '../../../shared/contract/hub';
import type { HandOverOutcome, HubView } from '../../../shared/hub';
import type { HubService } from './hub-service';
import { toDataURL } from 'qrcode';
import { hubModeView, saveHubMode } from './hub-mode';
import { AppError, appError, isAppError } from '../../../shared/app-error';
import type { KioskRelay, RelayDevice } from './kiosk-relay';
import { currentCaller } from '../caller';
import { errorMessage } from '../../../shared/errors';

const NOT_A_HUB: HubView = {
  enabled: false,
  fingerprint: null,
  address: null,
  devices: [],
  pairing: null,
  requests: [],
  pairingLocks: [],
};

export function hubHandlers(
  hub: HubService | null,
  dataDir: string,
  relay: KioskRelay | null,
): HandlersOf<HubRequests> {
  const need = (): HubService => {
    if (!hub) throw appError('conflict', 'This device is not the venue hub', { what: 'hub mode' });
    return hub;
  };
  const needRelay = (): KioskRelay => {
    if (!relay) throw appError('conflict', 'This device is not the venue hub', { what: 'hub mode' });
    return relay;
  };
  return {
    hubMode: async () => hubModeView(dataDir, hub !== null),
    hubSetMode: async (on) => (saveHubMode(dataDir, on), hubModeView(dataDir, hub !== null)),
    hubView: async () => (hub ? withQr(hub.view()) : NOT_A_HUB),
    hubOpenPairing: async (_token, role) => withQr(need().openPairing(role)),
    hubDecidePairing: async (_token, id, decision) => withQr(need().decidePairing(id, decision === 'allow')),
    hubRenameDevice: async (_token, id, name) => withQr(need().rename(id, name)),
    hubRevokeDevice: async (_token, id) => withQr(need().revoke(id)),
    satelliteStatus: async () => ({
      mode: hub ? 'hub' : 'standalone',
      hubAddress: null,
      fingerprint: hub?.fingerprint ?? null,
      deviceName: null,
      role: null,
      link: null,
      message: null,
      waitingPunches: 0,
      pairingRequest: null,
    }),
    hubKioskRoster: async () => needRelay().roster(),
    hubForwardPunch: async (punch) => {
      const kiosk = needRelay();
      try {
        return await kiosk.accept(punch, callingDevice(need()));
      } catch (error) {
        // Past the device's bounds (punch-review.ts): it keeps the punch and sends it later.
        if (isAppError(error, 'rate-limited')) throw error;
        // A failed write (disk full, permissions): the kiosk keeps the punch and sends it again.
        need().logLine(`A forwarded punch could not be recorded: ${errorMessage(error)}`);
        throw new AppError('internal', 'The hub could not record the punch right now', {});
      }
    },
    hubHandOverPunches: async ({ punches }) => {
      const kiosk = needRelay();
      const device = callingDevice(need());
      const revokedAt = need().registry.get(device.id)?.revokedAt ?? 0;
      let outcomes: HandOverOutcome[];
      try {
        outcomes = await kiosk.handOverAll(punches, device, revokedAt);
      } catch (error) {
        // Its window is over (answered as an unknown route), or past its bounds: said as it is.
        if (isAppError(error, 'forbidden') || isAppError(error, 'rate-limited')) throw error;
        // A failed write: the device keeps every punch and hands them over again (held ones answer
        // "duplicate" then).
        need().logLine(`A revoked device's punches could not be recorded: ${errorMessage(error)}`);
        throw new AppError('internal', 'The hub could not record the punches right now', {});
      }
      need().logLine(`Revoked device "${device.name}" handed over ${outcomes.length} punches for review`);
      return outcomes;
    },
    hubDeviceReport: async (report) => (need().report(currentCaller().deviceId, report.at, report.waiting), null),
    satelliteFindHubs: async () => notSatellite(),
    satelliteCheckHub: async () => notSatellite(),
    satellitePair: async () => notSatellite(),
  };
}

/** The paired device the request came over (the caller its TLS link authenticated). */
export function callingDevice(hub: HubService): RelayDevice {
  const { deviceId } = currentCaller();
  return { id: deviceId, name: hub.registry.get(deviceId)?.name ?? deviceId };
}

/** The QR code is made here, in Node, so the renderer bundles no QR library. */
async function withQr(view: HubView): Promise<HubView> {
  if (!view.pairing) return view;
  const text = JSON.stringify({ hub: view.address, code: view.pairing.code, fingerprint: view.fingerprint });
  return { ...view, pairing: { ...view.pairing, qr: await toDataURL(text, { margin: 1, width: 180 }) } };
}

function notSatellite(): never {
  throw appError('conflict', 'This device is not a satellite: start it with --satellite to pair it with a hub', {
    what: 'satellite mode',
  });
}
