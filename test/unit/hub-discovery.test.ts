// Satellites find hubs over mDNS (bonjour-service), with the fingerprint a person compares at
// pairing. The packets travel an in-memory link, never the machine's network.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advertiseHub, findHubs } from '../../electron/core/hub/hub-discovery';
import { memoryMdns } from '../support/memory-mdns';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('hub discovery', () => {
  it('a satellite hears the hub’s name, address and certificate fingerprint', async () => {
    const link = memoryMdns();
    const name = 'Harbour hub';
    stops.push(advertiseHub({ name, port: 47_811, fingerprint: 'AB:CD:EF' }, link.transport()));
    // Each look lasts a moment; looking again until the hub has finished announcing itself.
    await vi.waitFor(
      async () => {
        const found = await findHubs(100, link.transport());
        expect(found.find((h) => h.name === name)).toMatchObject({
          address: expect.stringMatching(/:47811$/),
          fingerprint: 'AB:CD:EF',
        });
      },
      { timeout: 15_000, interval: 50 },
    );
    // A finder on another link hears nothing of it.
    expect(await findHubs(100, memoryMdns().transport())).toEqual([]);
  });
});
