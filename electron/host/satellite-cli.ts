// `npm run host -- --satellite host:port [--pair-code CODE --device-name NAME]`: the screen on this
// device, every request carried to the venue hub. Prints the hub's certificate fingerprint at
// pairing so a person can compare it with the hub's screen.
import { startHost } from './host';
import { newControlSecret, offerNewLinks } from './host-control';
import { startSatelliteOrSetup } from './satellite-setup';

export interface SatelliteCliOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  hubUrl?: string;
  pairCode?: string;
  deviceName?: string;
  expectFingerprint?: string;
}

export async function runSatellite(options: SatelliteCliOptions): Promise<void> {
  const log = (line: string) => console.error(line);
  const satellite = await startSatelliteOrSetup({ ...options, log });
  const status = satellite.status();
  if (status.link === 'unpaired')
    console.error(
      `Not paired yet: pair this device on its screen with the code the hub shows. Data folder: ${options.dataDir}`,
    );
  else
    console.error(
      `Satellite "${status.deviceName}" (${status.role}) of the hub at ${status.hubAddress}; hub certificate ${status.fingerprint}. Data folder: ${options.dataDir}`,
    );
  if (status.link !== 'connected' && status.link !== 'unpaired')
    console.error(status.message ?? 'The hub is not connected yet.');
  satellite.events.on('satellite', (s) => console.error(`Hub link: ${s.link}${s.message ? ` (${s.message})` : ''}`));
  const controlSecret = newControlSecret();
  const host = await startHost({
    rendererDir: options.rendererDir,
    handlers: satellite.handlers,
    events: satellite.events,
    port: options.port,
    controlSecret,
  });
  const stopOffering = offerNewLinks(options.dataDir, host, controlSecret);
  console.log(`Venue Companion (satellite) ready at ${host.url}`);
  console.error(`For another browser, or after a restart: npm run host -- --new-link --data-dir ${options.dataDir}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    stopOffering();
    await host.close();
    await satellite.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
