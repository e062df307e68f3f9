// Which addresses may ask the hub to pair: this computer, and private addresses on the subnets the
// hub sits on, where no interface's subnet is taken whole: a VPN's /8 counts as the /24 around the
// hub's address, an IPv6 /48 as a /64, IPv6 link-local (on every interface) and public addresses
// not at all. And which hub addresses a satellite may connect to for pairing.
import { describe, expect, it } from 'vitest';
import { onOwnSubnet, type InterfaceAddress } from '../../electron/core/hub/own-subnets';
import { addressScope, ipBits, pairingHostAllowed } from '../../shared/ip-ranges';

const nic = (cidr: string, internal = false): InterfaceAddress => ({ address: cidr.split('/')[0], cidr, internal });

describe('the hub’s own subnets', () => {
  it('takes a LAN’s /24, this computer, and IPv4 clients of a dual-stack socket', () => {
    const own = [nic('192.168.1.20/24'), nic('127.0.0.1/8', true), nic('::1/128', true)];
    expect(onOwnSubnet('192.168.1.77', own)).toBe(true);
    expect(onOwnSubnet('::ffff:192.168.1.77', own)).toBe(true);
    expect(onOwnSubnet('127.0.0.1', own)).toBe(true);
    expect(onOwnSubnet('::1', own)).toBe(true);
    expect(onOwnSubnet('192.168.2.77', own)).toBe(false);
    expect(onOwnSubnet('8.8.8.8', own)).toBe(false);
    expect(onOwnSubnet(undefined, own)).toBe(false);
    expect(onOwnSubnet('not an address', own)).toBe(false);
  });

  it('narrows a VPN’s 10.0.0.0/8 to the /24 around the hub’s address', () => {
    const own = [nic('10.8.3.5/8')];
    expect(onOwnSubnet('10.8.3.200', own)).toBe(true);
    expect(onOwnSubnet('10.8.4.1', own)).toBe(false);
    expect(onOwnSubnet('10.200.0.1', own)).toBe(false);
    // A /16 is a LAN's size still, taken whole.
    expect(onOwnSubnet('172.20.9.9', [nic('172.20.0.4/16')])).toBe(true);
  });

  it('takes no IPv6 link-local address, however many interfaces have an fe80::/64', () => {
    const own = [nic('fe80::1/64'), nic('fe80::2/64'), nic('192.168.1.20/24')];
    expect(onOwnSubnet('fe80::abcd', own)).toBe(false);
    expect(onOwnSubnet('fe80::1:2:3:4', own)).toBe(false);
  });

  it('takes a unique local /64, narrows a /48 to the hub’s /64, and no public subnet', () => {
    expect(onOwnSubnet('fd12:3456:789a:1::99', [nic('fd12:3456:789a:1::5/64')])).toBe(true);
    const wide = [nic('fd12:3456:789a:1::5/48')];
    expect(onOwnSubnet('fd12:3456:789a:1::99', wide)).toBe(true);
    expect(onOwnSubnet('fd12:3456:789a:2::99', wide)).toBe(false);
    // A public subnet an interface sits on (an ISP's /64, an office's public /24) is not the venue's.
    expect(onOwnSubnet('2001:db8::99', [nic('2001:db8::5/64')])).toBe(false);
    expect(onOwnSubnet('198.51.100.7', [nic('198.51.100.5/24')])).toBe(false);
  });

  it('takes IPv4 link-local from a LAN without DHCP', () => {
    expect(onOwnSubnet('169.254.7.8', [nic('169.254.1.2/16')])).toBe(true);
  });
});

describe('hub addresses a satellite pairs with', () => {
  it('private, link-local and loopback addresses only, never a name or a public address', () => {
    for (const host of [
      '192.168.1.20',
      '10.0.0.2',
      '172.31.255.1',
      '169.254.3.4',
      'fd00::1',
      'fe80::1',
      '127.0.0.1',
      '::1',
    ])
      expect(pairingHostAllowed(host), host).toBe(true);
    for (const host of [
      '8.8.8.8',
      '172.32.0.1',
      '2001:db8::1',
      'hub.example.com',
      'venue-hub.local',
      'localhost',
      '',
      '999.1.1.1',
    ])
      expect(pairingHostAllowed(host), host).toBe(false);
    expect(addressScope('[fe80::1]')).toBe('link-local');
  });

  it('reads IPv6 in its short forms', () => {
    expect(ipBits('::')).toBe('0'.repeat(128));
    expect(ipBits('1::')).toBe(`${'0'.repeat(15)}1${'0'.repeat(112)}`);
    expect(ipBits('1:2:3:4:5:6:7:8')).not.toBeNull();
    expect(ipBits('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipBits('1::2::3')).toBeNull();
    expect(ipBits('12345::')).toBeNull();
  });
});
