// Pairing that cannot be outguessed, nor shut by a neighbour: the code's life is fixed when a
// manager shows it, guesses are limited per source address (then that address is refused a while,
// not everyone), the Devices tab lists the addresses refused, a manager can close pairing, and only
// devices on the hub's own networks may try. Real TLS on 127.0.0.1 port 0.
import { describe, expect, it } from 'vitest';
import { PairingRefused, pairWithHub } from '../../electron/core/hub/hub-client';
import { allowedCode, removeDir, startTestHub, testHubs } from './hub-kit';
import { newPairingSecret } from '../../electron/core/hub/pairing-check';
import { MAX_ATTEMPTS_PER_MINUTE, PairingCodes, RATE_LOCK_MS, sourceKey } from '../../electron/core/hub/pairing-codes';
import { signInManager } from '../support';

const { hub, later } = testHubs();

const refusal = (p: Promise<unknown>): Promise<PairingRefused> =>
  p.then(
    () => {
      throw new Error('paired');
    },
    (e: PairingRefused) => e,
  );

describe('pairing codes', () => {
  it('200 wrong codes from one address: 10 looked at, the rest refused unseen; the code’s expiry never moves', () => {
    let clock = 1_000_000;
    const codes = new PairingCodes(() => clock);
    const shown = codes.openCode('manager');
    const reasons = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      clock += 100; // 200 guesses over 20 seconds
      const open = codes.view()!;
      const guess = open.code === '000000' ? '000001' : '000000';
      const outcome = codes.attempt(guess, '192.168.1.66');
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) reasons.set(outcome.reason, (reasons.get(outcome.reason) ?? 0) + 1);
      expect(codes.view()?.expiresAt).toBe(shown.expiresAt);
    }
    expect((reasons.get('wrong') ?? 0) + (reasons.get('replaced') ?? 0)).toBe(MAX_ATTEMPTS_PER_MINUTE);
    expect(reasons.get('rate-limited')).toBe(200 - MAX_ATTEMPTS_PER_MINUTE);
    // From that address even the right code waits out the lock.
    expect(codes.attempt(codes.view()!.code, '192.168.1.66')).toMatchObject({ ok: false, reason: 'rate-limited' });
    clock += RATE_LOCK_MS;
    expect(codes.attempt(codes.view()!.code, '192.168.1.66')).toMatchObject({ ok: true, role: 'manager' });
  });

  it('pairing locked for one address still pairs from another, and a new code is not born locked', () => {
    let clock = 1_000_000;
    const codes = new PairingCodes(() => clock);
    codes.openCode('kiosk');
    // A neighbour guesses every few minutes, as before kept pairing shut for everyone.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i <= MAX_ATTEMPTS_PER_MINUTE; i++) codes.attempt('000000', '192.168.1.66');
      clock += 60_000;
    }
    expect(codes.locks().map((l) => l.address)).toEqual(['192.168.1.66']);
    expect(codes.attempt(codes.view()!.code, '192.168.1.66')).toMatchObject({ reason: 'rate-limited' });
    expect(codes.attempt(codes.view()!.code, '192.168.1.20')).toMatchObject({ ok: true, role: 'kiosk' });
    // A code shown after the lock works at once from anywhere else.
    const fresh = codes.openCode('workstation');
    expect(codes.attempt(fresh.code, '::ffff:192.168.1.21')).toMatchObject({ ok: true, role: 'workstation' });
  });

  it('counts an IPv6 device by its /64, which it could fill with addresses', () => {
    expect(sourceKey('fd12:3456:789a:1::99')).toBe('fd12:3456:789a:1::/64');
    expect(sourceKey('fd12:3456:789a:1:aaaa:bbbb:cccc:dddd')).toBe('fd12:3456:789a:1::/64');
    expect(sourceKey('::ffff:192.168.1.5')).toBe('192.168.1.5');
  });

  it('over the hub: the Devices tab lists the locked address, and another address still asks', async () => {
    const h = await hub();
    const manager = await signInManager(h.app.handlers);
    const shown = h.hub.openPairing('kiosk').pairing!;
    const wrong = shown.code === '000000' ? '000001' : '000000';
    for (let i = 0; i <= MAX_ATTEMPTS_PER_MINUTE; i++) h.hub.pair(wrong, 'Guesser', '192.168.1.66', newPairingSecret());
    const code = h.hub.view().pairing!.code;
    expect(h.hub.pair(code, 'Guesser', '192.168.1.66', newPairingSecret())).toMatchObject({ reason: 'rate-limited' });
    const asked = h.hub.pair(code, 'Staff door', '192.168.1.20', newPairingSecret());
    expect(asked.ok).toBe(true);
    const view = await h.app.handlers.hubView(manager!.token);
    expect(view.pairingLocks).toEqual([{ address: '192.168.1.66', until: expect.any(Number) as number }]);
    expect(view.requests.map((r) => [r.name, r.from])).toEqual([['Staff door', '192.168.1.20']]);
  });

  it('over TLS: the hub answers 429 after ten attempts a minute from one address, and a manager can close pairing', async () => {
    const h = await hub();
    const shown = h.hub.openPairing('kiosk').pairing!;
    const guess = shown.code === '000000' ? '000001' : '000000';
    const reasons: string[] = [];
    for (let i = 0; i < MAX_ATTEMPTS_PER_MINUTE + 2; i++)
      reasons.push((await refusal(pairWithHub({ url: h.url, code: guess, name: 'Guesser' }))).reason);
    expect(reasons.slice(-2)).toEqual(['rate-limited', 'rate-limited']);
    expect(h.hub.view().pairing?.expiresAt).toBe(shown.expiresAt);

    const m = await h.app.handlers.laborIdentify({ pin: '9999' });
    const closed = await h.app.handlers.hubClosePairing(m.token);
    expect(closed.pairing).toBeNull();
  });

  it('refuses attempts from outside the hub’s own subnets', async () => {
    // A hub that sees every address as outside, and one that sees them as its own.
    let outside = true;
    const h = await startTestHub(undefined, 0, { onOwnSubnet: () => !outside });
    later(() => removeDir(h.dataDir));
    later(() => h.stop());
    const code = allowedCode(h.app, 'kiosk');
    const refused = await refusal(pairWithHub({ url: h.url, code, name: 'x' }));
    expect(refused.reason).toBe('not-local');
    // The code was never looked at: it still works from inside.
    outside = false;
    await expect(pairWithHub({ url: h.url, code, name: 'Door' })).resolves.toMatchObject({ role: 'kiosk' });
  });
});
