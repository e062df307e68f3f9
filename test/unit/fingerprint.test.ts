// The hub certificate's short check code and the QR code's pairing data, as both screens use them.
import { expect, it } from 'vitest';
import {
  fingerprintMatches,
  normalizeFingerprintText,
  readPairingQr,
  shortFingerprint,
} from '../../shared/fingerprint';

const FP = 'A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:01:12:23:34:45:56:67:78:89:9A:AB:BC:CD:DE:EF:F0';

it('the check code is the first 80 bits of the fingerprint in five groups of four', () => {
  expect(FP).toHaveLength(95);
  expect(shortFingerprint(FP)).toBe('A1B2 C3D4 E5F6 0718 293A');
  // The same code from any written form of the same fingerprint.
  expect(shortFingerprint(FP.toLowerCase().replace(/:/g, ' '))).toBe('A1B2 C3D4 E5F6 0718 293A');
});

it("reads the hub's QR data, and refuses what is not", () => {
  const text = JSON.stringify({ hub: 'wss://192.168.1.20:47800', code: '123456', fingerprint: FP });
  expect(readPairingQr(text)).toEqual({ hub: '192.168.1.20:47800', code: '123456', fingerprint: FP });
  expect(readPairingQr('{"hub":"h:1","code":"12345","fingerprint":"' + FP + '"}')).toBeNull();
  expect(readPairingQr('{"hub":"h:1","code":"123456","fingerprint":"AB:CD"}')).toBeNull();
  expect(readPairingQr('not json')).toBeNull();
  expect(normalizeFingerprintText(FP.toLowerCase())).toBe(FP);
});

it('a given fingerprint names the certificate in full or by its check code, nothing shorter', () => {
  expect(fingerprintMatches(FP.toLowerCase(), FP)).toBe(true);
  expect(fingerprintMatches('A1B2 C3D4 E5F6 0718 293A', FP)).toBe(true);
  expect(fingerprintMatches('a1b2-c3d4-e5f6-0718-293a', FP)).toBe(true);
  expect(fingerprintMatches('A1B2 C3D4 E5F6 0718 293B', FP)).toBe(false);
  expect(fingerprintMatches('A1B2 C3D4', FP)).toBe(false);
  expect(fingerprintMatches(FP.replace(/F0$/, 'F1'), FP)).toBe(false);
});
