// Pairing that cannot be outguessed: the code's life is fixed when a manager shows it, guesses are
// limited across the hub and then refused a while, a manager can close pairing, and only devices
// on the hub's own networks may try. Real TLS on 127.0.0.1 port 0.
import { describe, expect, it } from 'vitest';
import { PairingRefused, pairWithHub } from '../../electron/core/hub/hub-client';
import { removeDir, startTestHub, testHubs } from './hub-kit';
import { MAX_ATTEMPTS_PER_MINUTE, PairingCodes, RATE_LOCK_MS } from '../../electron/core/hub/pairing-codes';

const { hub, later } = testHubs();

const refusal = (p: Promise<unknown>): Promise<PairingRefused> =>
  p.then(
    () => {
      throw new Error('paired');
    },
    (e: PairingRefused) => e,
  );

describe('pairing codes', () => {
  it('200 wrong codes are refused and the code’s expiry never moves', () => {
    let clock = 1_000_000;
    const codes = new PairingCodes(() => clock);
    const shown = codes.openCode('manager');
    const reasons = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      clock += 100; // 200 guesses over 20 seconds
      const open = codes.view()!;
      const guess = open.code === '000000' ? '000001' : '000000';
      const outcome = codes.attempt(guess);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) reasons.set(outcome.reason, (reasons.get(outcome.reason) ?? 0) + 1);
      expect(codes.view()?.expiresAt).toBe(shown.expiresAt);
    }
    // Ten a minute are looked at; the rest are refused without a look.
    expect((reasons.get('wrong') ?? 0) + (reasons.get('replaced') ?? 0)).toBe(MAX_ATTEMPTS_PER_MINUTE);
    expect(reasons.get('rate-limited')).toBe(200 - MAX_ATTEMPTS_PER_MINUTE);
    // Even the right code waits out the lock.
    expect(codes.attempt(codes.view()!.code)).toMatchObject({ ok: false, reason: 'rate-limited' });
    clock += RATE_LOCK_MS;
    expect(codes.attempt(codes.view()!.code)).toMatchObject({ ok: true, role: 'manager' });
  });

  it('over TLS: the hub answers 429 after ten attempts a minute, and a manager can close pairing', async () => {
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
    const { pairing } = h.hub.openPairing('kiosk');
    const refused = await refusal(pairWithHub({ url: h.url, code: pairing!.code, name: 'x' }));
    expect(refused.reason).toBe('not-local');
    // The code was never looked at: it still works from inside.
    outside = false;
    await expect(pairWithHub({ url: h.url, code: pairing!.code, name: 'Door' })).resolves.toMatchObject({
      role: 'kiosk',
    });
  });
});
