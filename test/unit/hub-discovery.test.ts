// Issue 13: satellites find hubs on the LAN over mDNS (bonjour-service), with the fingerprint a
// person compares at pairing. Real multicast on this machine's interfaces.
import { afterEach, describe, expect, it } from 'vitest';
import { advertiseHub, findHubs } from '../../electron/core/hub/hub-discovery';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('hub discovery', () => {
  it('a satellite hears the hub’s name, address and certificate fingerprint', async () => {
    const name = `Harbour hub ${process.pid}`;
    stops.push(advertiseHub({ name, port: 47_811, fingerprint: 'AB:CD:EF' }));
    const found = await findHubs(2500);
    expect(found.find((h) => h.name === name)).toMatchObject({
      address: expect.stringMatching(/:47811$/),
      fingerprint: 'AB:CD:EF',
    });
  });
});
