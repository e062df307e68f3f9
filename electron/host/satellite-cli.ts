// `npm run host -- --satellite host:port [--pair-code CODE --device-name NAME --hub-fingerprint FP]`:
// the screen on this device, every request carried to the venue hub. Pairing pins the certificate
// the person confirmed: the fingerprint (or check code) given, or the one shown and confirmed at a
// terminal; without either it refuses. With the code it asks the hub, prints this device's check
// code, and waits until a manager allows it on the hub's Devices tab (or denies it: exit 1).
import { stopBoundFromEnv, stopOnSignals } from './stop-on-signals';
import { startHost } from './host';
import { newControlSecret, offerNewLinks } from './host-control';
import { startSatelliteOrSetup } from './satellite-setup';
import type { Rediscovery } from './refind-hub';
import { createInterface } from 'node:readline/promises';
import { readHubCertificate } from '../core/hub/hub-client';
import { shortFingerprint } from '../../shared/fingerprint';

export interface SatelliteCliOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  hubUrl?: string;
  pairCode?: string;
  deviceName?: string;
  expectFingerprint?: string;
  /** Look for a hub that moved on the LAN (mDNS; off with --no-mdns). */
  discovery?: Rediscovery;
}

export async function runSatellite(options: SatelliteCliOptions): Promise<void> {
  const log = (line: string) => console.error(line);
  const expectFingerprint = await compareFingerprint(options);
  const satellite = await startSatelliteOrSetup({ ...options, expectFingerprint, log });
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
  stopOnSignals({
    steps: [
      {
        name: 'screens',
        run: async () => {
          stopOffering();
          await host.close();
        },
      },
      { name: 'satellite', run: () => satellite.close() },
    ],
    boundMs: stopBoundFromEnv(process.env),
    log: (line) => console.error(line),
    exit: (code) => process.exit(code),
  });
}

/**
 * Pairing without --hub-fingerprint: shows the certificate the hub presents and, at a terminal,
 * asks whether it is the one on the hub's screen before the code is sent. With no terminal there is
 * nobody to ask, so it refuses and says how to give the fingerprint: a certificate trusted without
 * a comparison is what an impostor on the LAN would present.
 */
async function compareFingerprint(options: SatelliteCliOptions): Promise<string | undefined> {
  if (!options.pairCode || options.expectFingerprint || !options.hubUrl) return options.expectFingerprint;
  const presented = await readHubCertificate(options.hubUrl);
  const checkCode = shortFingerprint(presented.fingerprint);
  console.error(`The hub at ${options.hubUrl} shows check code ${checkCode} (certificate ${presented.fingerprint}).`);
  if (!process.stdin.isTTY) {
    console.error(
      `Not paired: there is no terminal to confirm that this is the hub's certificate. Compare the check code with the hub's Devices tab, then start again with --hub-fingerprint "${checkCode}" (or the full certificate fingerprint the Devices tab shows).`,
    );
    process.exit(1);
  }
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await terminal.question("Does the hub's Devices tab show this same check code? [y/N] ");
  terminal.close();
  if (!/^y(es)?$/i.test(answer.trim())) {
    console.error('Not paired: the certificate was not confirmed.');
    process.exit(1);
  }
  return presented.fingerprint;
}
