// A paired satellite whose hub moved (a new address, the same certificate) finds it again by the
// hub's mDNS announcement and follows it, without anyone typing the address; an announcement that
// names the pinned fingerprint but presents another certificate moves nothing. The announcements
// travel an in-memory link (test/support/memory-mdns.ts), never the machine's network.
import { afterEach, describe, expect, it } from 'vitest';
import { advertiseHub } from '../../electron/core/hub/hub-discovery';
import { loadPairing } from '../../electron/core/hub/satellite-store';
import { refindHub } from '../../electron/host/refind-hub';
import { memoryMdns } from '../support/memory-mdns';
import { tempDirs, waitUntil } from '../support';
import { pairedKiosk, removeDir, satelliteCall, startTestHub, type TestHub } from './hub-kit';
import type { LaborView } from '../../shared/labor';

const undo: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (undo.length) await undo.pop()!();
});
const dirs = tempDirs('venue-refind-hub-');
afterEach(() => dirs.removeAll());

async function hub(dataDir?: string): Promise<TestHub> {
  const h = await startTestHub(dataDir);
  if (!dataDir) undo.push(() => removeDir(h.dataDir));
  undo.push(() => h.stop());
  return h;
}

function announce(link: ReturnType<typeof memoryMdns>, h: TestHub, fingerprint = h.hub.fingerprint): void {
  undo.push(advertiseHub({ name: `Venue hub ${h.port}`, port: h.port, fingerprint }, link.transport()));
}

describe('a satellite whose hub moved', () => {
  it('hears the hub announce itself at a new address with the pinned certificate and follows it', async () => {
    const link = memoryMdns();
    const first = await hub();
    const d = dirs.make();
    const kiosk = await pairedKiosk(first, d, {
      retryMs: { first: 50, max: 200 },
      discovery: { transport: link.transport(), listenMs: 1_000, everyMs: 0 },
    });
    undo.push(() => kiosk.close());
    await waitUntil(() => kiosk.status().link === 'connected');
    const before = kiosk.status().hubAddress;

    // The hub stops and starts again on the same folder (the same identity) at another port.
    await first.stop();
    await waitUntil(() => kiosk.status().link !== 'connected');
    const moved = await hub(first.dataDir);
    expect(moved.url).not.toBe(before);
    announce(link, moved);

    await waitUntil(() => kiosk.status().link === 'connected' && kiosk.status().hubAddress === moved.url, 20_000);
    // Kept for the next start, and the link works.
    expect(loadPairing(d)?.url).toBe(moved.url);
    expect(await satelliteCall<LaborView>(kiosk, 'laborView')).toBeTruthy();
  });

  it('does not follow an announcement of the pinned fingerprint whose address presents another certificate', async () => {
    const link = memoryMdns();
    const real = await hub();
    const other = await hub();
    const pin = { url: 'https://127.0.0.1:1', certPem: real.hub.certificate.cert, fingerprint: real.hub.fingerprint };
    announce(link, other, real.hub.fingerprint);
    expect(await refindHub(pin, { transport: link.transport(), listenMs: 2_000 })).toBeNull();
    // With the real hub announced beside it, the look-alike does not hide it.
    announce(link, real);
    expect(await refindHub(pin, { transport: link.transport(), listenMs: 10_000 })).toBe(real.url);
  });
});
