// A satellite that is not paired yet: its screen shows the pairing form. It can list hubs heard
// on the LAN, show the certificate a hub presents (to compare with the hub's screen before any
// code is sent), and ask to pair with the code. The hub then lists the request on its Devices tab
// and a manager allows it after comparing the check code this screen shows; until then this device
// is not paired, and denied or left too long it is told so. From then on it is the ordinary
// satellite. Only addresses of the venue's own network are asked (hub-client.ts), and only when the
// person presses a button: a QR code scanned fills the form, it connects to nothing.
import { appError } from '../../shared/app-error';
import { ipcChannels, ipcEventNames, type IpcEventMap, type IpcHandlers } from '../../shared/contract';
import type { SatellitePairingRequest, SatelliteStatus } from '../../shared/hub';
import { TypedEmitter } from '../core/typed-emitter';
import { findHubs } from '../core/hub/hub-discovery';
import {
  assertPairingAddress,
  normalizeUrl,
  pairWithHub,
  PairingRefused,
  readHubCertificate,
  type SatellitePairing,
} from '../core/hub/hub-client';
import { loadPairing, savePairing } from '../core/hub/satellite-store';
import { startSatellite, type RunningSatellite, type SatelliteOptions } from './satellite';
import { screenErrorHandlers } from '../core/screen-error-log';
import type { ScreenErrorReport } from '../../shared/screen-errors';
import { DataHealth } from '../core/storage/data-health';
import { checkPrivateModes, makeWritesPrivate } from '../core/storage/private-modes';
import { errorMessage } from '../../shared/errors';

export interface SatelliteRun {
  handlers: IpcHandlers;
  events: TypedEmitter<IpcEventMap>;
  status(): SatelliteStatus;
  close(): Promise<void>;
}

const NOT_PAIRED = 'This device is not paired with the venue hub yet: pair it with the code the hub shows';

/** The paired satellite when a pairing exists (or a code was given), otherwise the pairing form's side. */
export async function startSatelliteOrSetup(options: SatelliteOptions): Promise<SatelliteRun> {
  if (options.pairCode || loadPairing(options.dataDir)) return startSatellite(options);
  const log = options.log ?? (() => {});
  // Private from the first file on; a folder left open before is said as on a paired satellite
  // (the notice is kept in data-health.json and shown once paired).
  makeWritesPrivate();
  checkPrivateModes(options.dataDir, new DataHealth(options.dataDir, options.now ?? Date.now, log).sink);
  const events = new TypedEmitter<IpcEventMap>();
  let inner: RunningSatellite | null = null;
  let closed = false;
  /** This device's request to the hub, while a manager decides and after. */
  let request: SatellitePairingRequest | null = null;
  /** The request being waited on; a new one replaces it. */
  let waiting: AbortController | null = null;
  const unpaired = (): SatelliteStatus => ({
    mode: 'satellite',
    hubAddress: options.hubUrl ?? null,
    fingerprint: null,
    deviceName: null,
    role: null,
    link: 'unpaired',
    message: null,
    waitingPunches: 0,
    pairingRequest: request,
  });
  const status = () => inner?.status() ?? unpaired();

  /** Allowed by a manager: keep the pairing and become the ordinary satellite. */
  const paired = async (pairing: SatellitePairing) => {
    savePairing(options.dataDir, pairing);
    log(
      `Paired with the hub at ${pairing.url} as "${pairing.name}" (${pairing.role}); hub certificate ${pairing.fingerprint}`,
    );
    const started = await startSatellite({ ...options, pairCode: undefined, hubUrl: undefined });
    if (closed) return void (await started.close());
    inner = started;
    request = null;
    for (const name of ipcEventNames) started.events.on(name, (payload) => events.emit(name, payload as never));
    events.emit('satellite', started.status());
  };

  const screenErrors = screenErrorHandlers(log);
  const own: Partial<Record<string, (...args: unknown[]) => Promise<unknown>>> = {
    satelliteStatus: async () => status(),
    reportScreenError: async (report) => screenErrors.reportScreenError(report as ScreenErrorReport),
    satelliteFindHubs: async () => findHubs(),
    satelliteCheckHub: async (address) => {
      assertPairingAddress(String(address));
      const pin = await readHubCertificate(String(address));
      return { address: pin.url.replace('https://', ''), fingerprint: pin.fingerprint };
    },
    satellitePair: async (input) => {
      if (inner) throw appError('conflict', 'This device is already paired', { what: 'pairing' });
      const { address, code, name, fingerprint } = input as {
        address: string;
        code: string;
        name: string;
        fingerprint: string;
      };
      waiting?.abort();
      const attempt = new AbortController();
      waiting = attempt;
      request = null;
      let taken!: () => void;
      const asked = new Promise<void>((resolve) => (taken = resolve));
      // The fingerprint the person checked: pairing refuses any other certificate.
      const pairing = pairWithHub({
        url: normalizeUrl(address),
        code,
        name,
        expectFingerprint: fingerprint,
        signal: attempt.signal,
        onWaiting: (pending) => {
          request = {
            state: 'waiting',
            hubAddress: pending.url,
            checkCode: pending.checkCode,
            name,
            expiresAt: pending.expiresAt,
          };
          log(`Asked the hub at ${pending.url} to pair as "${name}"; check code ${pending.checkCode}`);
          events.emit('satellite', status());
          taken();
        },
      });
      void pairing.then(
        async (allowed) => {
          if (waiting !== attempt) return;
          waiting = null;
          try {
            await paired(allowed);
          } catch (error) {
            log(`Paired, but the satellite did not start: ${errorMessage(error)}`);
          }
        },
        (error: unknown) => {
          // Refused before the hub took it (a wrong code): the screen heard that as the answer.
          if (waiting !== attempt || request === null) return;
          waiting = null;
          const denied = error instanceof PairingRefused && error.reason === 'denied';
          request = { ...request, state: denied ? 'denied' : 'expired' };
          log(`Pairing with the hub ended: ${errorMessage(error)}`);
          events.emit('satellite', status());
        },
      );
      // Answered once the hub took the request (the check code to show), or with why it did not.
      await Promise.race([asked, pairing]);
      return status();
    },
  };
  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of ipcChannels) {
    handlers[channel] = async (...args) => {
      if (inner) return (inner.handlers[channel] as (...a: unknown[]) => Promise<unknown>)(...args);
      const handler = own[channel];
      if (!handler) throw appError('conflict', NOT_PAIRED, { what: 'pairing' });
      return handler(...args);
    };
  }
  return {
    handlers: handlers as unknown as IpcHandlers,
    events,
    status,
    close: async () => {
      closed = true;
      waiting?.abort();
      await inner?.close();
    },
  };
}
