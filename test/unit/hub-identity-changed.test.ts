// A hub whose certificate changed (reinstalled, or an impostor at its address) is said as such on
// the satellite's screen, with its own error kind, never as "offline" forever. A real hub over TLS
// on loopback, stopped and started again at the same port with a new identity.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import { isAppError } from '../../shared/app-error';
import { staffWords } from '../../shared/errors';
import { allowedCode, removeDir, startTestHub, type TestHub } from './hub-kit';
import { tempDirs, waitUntil } from '../support';

const dirs = tempDirs('venue-identity-');
const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  dirs.removeAll();
});

async function pairedWorkstation(h: TestHub): Promise<RunningSatellite> {
  const satellite = await startSatellite({
    dataDir: dirs.make(),
    hubUrl: new URL(h.url).host,
    pairCode: allowedCode(h.app, 'workstation'),
    deviceName: 'Bar',
    retryMs: { first: 50, max: 200 },
  });
  undo.push(() => satellite.close());
  await waitUntil(() => satellite.status().link === 'connected');
  return satellite;
}

/** The hub stopped and started again on its folder and port; `newIdentity` removes its key first. */
async function restartHub(h: TestHub, newIdentity: boolean): Promise<TestHub> {
  await h.stop();
  if (newIdentity) rmSync(join(h.dataDir, 'hub', 'hub-identity.pem'));
  const again = await startTestHub(h.dataDir, Number(new URL(h.url).port));
  undo.push(() => again.stop());
  return again;
}

it('a hub restarted with a new certificate: the satellite says its identity changed and sends nothing', async () => {
  const h = await startTestHub();
  undo.push(() => removeDir(h.dataDir));
  const bar = await pairedWorkstation(h);
  const pinned = bar.status().fingerprint;

  const again = await restartHub(h, true);
  expect(again.hub.fingerprint).not.toBe(pinned);
  await waitUntil(() => bar.status().link === 'identity-changed', 30_000);
  expect(bar.status().message).toContain('This hub’s identity changed: pair again');
  const refused = await bar.handlers.tabsView().catch((error: unknown) => error);
  expect(isAppError(refused, 'hub-identity-changed')).toBe(true);
  if (isAppError(refused, 'hub-identity-changed'))
    expect(refused.data).toEqual({ pinned, presented: again.hub.fingerprint });
  expect(staffWords(refused).text).toContain('This hub’s identity changed: pair again');
  // Nothing reached the new hub: it has no device, and saw no credential.
  expect(again.hub.view().devices.every((d) => !d.online)).toBe(true);
});

it('a hub restarted with its own certificate is taken back: the link comes back as connected', async () => {
  const h = await startTestHub();
  undo.push(() => removeDir(h.dataDir));
  const bar = await pairedWorkstation(h);
  await restartHub(h, false);
  await waitUntil(() => bar.status().link === 'connected', 30_000);
  await expect(bar.handlers.tabsView()).resolves.toBeTruthy();
});
