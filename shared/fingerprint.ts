// The hub certificate's fingerprint in a form a person compares by eye: the first 80 bits of its
// SHA-256 (already a hash of the certificate) as five groups of four hex digits. Both screens
// (the hub's pairing code and the joining device's check) show this same form; the full one stays
// beside it for whoever wants to compare all of it. Forging a certificate that matches these 80
// bits means about 2^80 key generations, far past what the pairing code's ten minutes allow.

const GROUPS = 5;

export function shortFingerprint(fingerprint: string): string {
  const hex = fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();
  if (hex.length < GROUPS * 4) return hex;
  return (hex.slice(0, GROUPS * 4).match(/.{4}/g) ?? []).join(' ');
}

/**
 * Whether `given` (typed, pasted or from a QR code) names the certificate `presented`: the full
 * fingerprint, or its check code (the first 80 bits, as the hub's screen shows it).
 */
export function fingerprintMatches(given: string, presented: string): boolean {
  const hex = given.replace(/[^0-9a-f]/gi, '').toUpperCase();
  const full = presented.replace(/[^0-9a-f]/gi, '').toUpperCase();
  if (hex.length === GROUPS * 4) return full.startsWith(hex);
  return hex.length === 64 && hex === full;
}

/** The QR code's text: what a joining device needs to pair without typing. */
export interface PairingQrData {
  /** host:port the hub listens on for devices. */
  hub: string;
  fingerprint: string;
  code: string;
}

/** Reads the QR code's text (or a pasted copy of it); null when it is not a hub's pairing data. */
export function readPairingQr(text: string): PairingQrData | null {
  let value: unknown;
  try {
    value = JSON.parse(text.trim());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.hub !== 'string' || typeof v.fingerprint !== 'string' || typeof v.code !== 'string') return null;
  if (!/^\d{6}$/.test(v.code) || v.hub.trim() === '' || v.fingerprint.replace(/[^0-9a-f]/gi, '').length !== 64)
    return null;
  return { hub: v.hub.trim().replace(/^[a-z]+:\/\//i, ''), fingerprint: v.fingerprint, code: v.code };
}

/** A fingerprint as the hub client writes it (AA:BB:…, upper case), from any typed or pasted form. */
export function normalizeFingerprintText(text: string): string {
  const hex = text.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? '';
}
