// A satellite that is not paired yet: its screen shows the pairing form. It can list hubs heard
// on the LAN, show the certificate a hub presents (to compare with the hub's screen before any
// code is sent), and pair with the code; from then on it is the ordinary satellite.
import { appError } from '../../shared/app-error';
import { ipcChannels, ipcEventNames, type IpcEventMap, type IpcHandlers } from '../../shared/contract';
import type { SatelliteStatus } from '../../shared/hub';
import { TypedEmitter } from '../core/typed-emitter';
import { findHubs } from '../core/hub/hub-discovery';
import { normalizeUrl, pairWithHub, readHubCertificate } from '../core/hub/hub-client';
import { loadPairing, savePairing } from '../core/hub/satellite-store';
import { startSatellite, type RunningSatellite, type SatelliteOptions } from './satellite';
import { screenErrorHandlers } from '../core/screen-error-log';
import type { ScreenErrorReport } from '../../shared/screen-errors';

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
  const events = new TypedEmitter<IpcEventMap>();
  let inner: RunningSatellite | null = null;
  let closed = false;
  const unpaired = (): SatelliteStatus => ({
    mode: 'satellite',
    hubAddress: options.hubUrl ?? null,
    fingerprint: null,
    deviceName: null,
    role: null,
    link: 'unpaired',
    message: null,
    waitingPunches: 0,
  });
  const status = () => inner?.status() ?? unpaired();

  const screenErrors = screenErrorHandlers(options.log ?? (() => {}));
  const own: Partial<Record<string, (...args: unknown[]) => Promise<unknown>>> = {
    satelliteStatus: async () => status(),
    reportScreenError: async (report) => screenErrors.reportScreenError(report as ScreenErrorReport),
    satelliteFindHubs: async () => findHubs(),
    satelliteCheckHub: async (address) => {
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
      // The fingerprint the person compared on both screens: pairing refuses any other certificate.
      const pairing = await pairWithHub({ url: normalizeUrl(address), code, name, expectFingerprint: fingerprint });
      savePairing(options.dataDir, pairing);
      options.log?.(
        `Paired with the hub at ${pairing.url} as "${pairing.name}" (${pairing.role}); hub certificate ${pairing.fingerprint}`,
      );
      const started = await startSatellite({ ...options, pairCode: undefined, hubUrl: undefined });
      if (closed) {
        await started.close();
        throw appError('conflict', 'This device is shutting down', { what: 'pairing' });
      }
      inner = started;
      for (const name of ipcEventNames) started.events.on(name, (payload) => events.emit(name, payload as never));
      events.emit('satellite', started.status());
      return started.status();
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
      await inner?.close();
    },
  };
}
