// The satellite's side of the hub's door: read the hub's certificate, ask to pair with a code,
// wait for a manager on the hub to allow it, and open the contract channel. The certificate read is
// pinned from the start: TLS trusts only that one certificate (by fingerprint, whatever name or
// address the hub has today), so the credential and the code are never sent to anything else on
// the LAN. Only private, link-local and loopback addresses are asked at all.
import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { connect, type PeerCertificate } from 'node:tls';
import WebSocket from 'ws';
import type { DeviceRole, ForwardedPunch, HandOverOutcome } from '../../../shared/hub';
import { AppError, appError, fromErrorPayload, readErrorPayload } from '../../../shared/app-error';
import { fingerprintMatches, shortFingerprint } from '../../../shared/fingerprint';
import { pairingHostAllowed } from '../../../shared/ip-ranges';
import { newPairingSecret, pairingCheckCode } from './pairing-check';

export interface PinnedHub {
  /** https://host:port of the hub. */
  url: string;
  certPem: string;
  fingerprint: string;
}

export interface SatellitePairing extends PinnedHub {
  deviceId: string;
  credential: string;
  role: DeviceRole;
  name: string;
}

export class PairingRefused extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly attemptsLeft: number,
  ) {
    super(message);
  }
}

/** The hub's certificate as presented right now: shown to a person, who compares it with the hub's screen. */
export function readHubCertificate(url: string, timeoutMs = 5000): Promise<PinnedHub> {
  const { hostname, port } = hubUrl(url);
  return new Promise((resolve, reject) => {
    // Not trusted yet, only read: nothing is sent over this connection.
    const socket = connect(
      { host: hostname, port, rejectUnauthorized: false, servername: isIp(hostname) ? undefined : hostname },
      () => {
        const raw = socket.getPeerCertificate().raw;
        socket.destroy();
        if (!raw)
          return reject(appError('cannot-read', `${url} did not present a certificate`, { what: 'hub certificate' }));
        const certPem = `-----BEGIN CERTIFICATE-----\n${raw.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
        resolve({ url: normalizeUrl(url), certPem, fingerprint: new X509Certificate(raw).fingerprint256 });
      },
    );
    socket.setTimeout(timeoutMs, () => socket.destroy(appError('timed-out', `The hub at ${url} did not answer`)));
    socket.on('error', (error) =>
      reject(
        error instanceof AppError
          ? error
          : appError('unreachable', `The hub at ${url} cannot be reached: ${error.message}`),
      ),
    );
  });
}

/**
 * After a failed connection: whether the hub at the pinned address now presents another
 * certificate (reinstalled, or an impostor). Null when it presents the pinned one or cannot be read.
 */
export async function identityChange(pin: PinnedHub): Promise<AppError<'hub-identity-changed'> | null> {
  let presented: PinnedHub;
  try {
    presented = await readHubCertificate(pin.url);
  } catch {
    return null;
  }
  if (presented.fingerprint === pin.fingerprint) return null;
  return new AppError(
    'hub-identity-changed',
    `This hub’s identity changed: pair again. The hub at ${pin.url} presents certificate ${presented.fingerprint}; ${pin.fingerprint} was pinned at pairing`,
    { pinned: pin.fingerprint, presented: presented.fingerprint },
  );
}

/** TLS options that trust exactly the pinned certificate. */
export function pinnedTls(pin: PinnedHub): {
  ca: string;
  checkServerIdentity: (host: string, cert: PeerCertificate) => Error | undefined;
} {
  return {
    ca: pin.certPem,
    // The hub's address may change (DHCP); its certificate may not. Node wants a plain Error here
    // and fails the connection with it; the link reports that as the hub being unreachable.
    checkServerIdentity: (_host, cert) =>
      cert.fingerprint256 === pin.fingerprint
        ? undefined
        : new Error(`The hub's certificate changed (${cert.fingerprint256}); it was ${pin.fingerprint} at pairing`),
  };
}

/** A request the hub took: this device's check code, for the person to compare with the hub's Devices tab. */
export interface PendingPairing {
  /** https://address:port of the hub asked. */
  url: string;
  checkCode: string;
  expiresAt: number;
}

/** How long the satellite waits between two answers of "still waiting" (the hub holds each 20 s). */
const RETRY_WAIT_MS = 1_000;

/**
 * Ask to pair with the code the hub shows, then wait until a manager on the hub allows this device
 * (`onWaiting` hears the check code to show meanwhile). `expectFingerprint` (the full fingerprint
 * or its check code), when given, must match before the code is sent; otherwise the certificate
 * read now is pinned. A code from a QR code vouches for nothing: a look-alike hub's own QR code
 * matches its own certificate, which is why the manager compares the check code, which a hub in
 * between cannot make match.
 */
export async function pairWithHub(options: {
  url: string;
  code: string;
  name: string;
  expectFingerprint?: string;
  onWaiting?: (pending: PendingPairing) => void;
  /** Aborted: stop waiting (a new request replaces this one). */
  signal?: AbortSignal;
}): Promise<SatellitePairing> {
  assertPairingAddress(options.url);
  const pin = await readHubCertificate(options.url);
  if (options.expectFingerprint && !fingerprintMatches(options.expectFingerprint, pin.fingerprint)) {
    throw appError(
      'conflict',
      `The hub at ${options.url} shows check code ${shortFingerprint(pin.fingerprint)} (certificate ${pin.fingerprint}), not ${options.expectFingerprint}: not pairing`,
      { what: 'hub certificate' },
    );
  }
  const secret = newPairingSecret();
  const { status, body } = await postJson(pin, '/pair', { code: options.code, name: options.name, secret });
  const taken = body as { ok?: boolean; request?: string; expiresAt?: number } & Refusal;
  if (status !== 202 || typeof taken.request !== 'string') throw refused(status, taken);
  const pending = {
    url: pin.url,
    checkCode: pairingCheckCode(pin.fingerprint, secret),
    expiresAt: taken.expiresAt ?? Date.now(),
  };
  options.onWaiting?.(pending);
  for (;;) {
    if (options.signal?.aborted) throw new PairingRefused('Pairing was started again', 'replaced', 0);
    let reply: { status: number; body: unknown };
    try {
      // The hub holds each one up to 20 s (PAIR_WAIT_MS) while nobody has decided.
      reply = await postJson(pin, '/pair/wait', { request: taken.request, secret }, undefined, {
        signal: options.signal,
        timeoutMs: 30_000,
      });
    } catch (error) {
      // The hub restarting, Wi-Fi dropping: the request is still there (or has run out) when it answers.
      if (options.signal?.aborted || Date.now() > pending.expiresAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
      continue;
    }
    const answer = reply.body as {
      state?: string;
      deviceId?: string;
      credential?: string;
      role?: DeviceRole;
      name?: string;
    } & Refusal;
    if (reply.status !== 200) throw refused(reply.status, answer);
    if (answer.state === 'waiting') continue;
    if (answer.state === 'allowed' && answer.credential && answer.deviceId && answer.role)
      return {
        ...pin,
        deviceId: answer.deviceId,
        credential: answer.credential,
        role: answer.role,
        name: answer.name ?? options.name,
      };
    if (answer.state === 'denied')
      throw new PairingRefused('A manager on the hub did not allow this device to pair', 'denied', 0);
    throw new PairingRefused(
      'Nobody allowed this device on the hub in time: ask a manager for a new code and pair again',
      'expired',
      0,
    );
  }
}

interface Refusal {
  message?: string;
  reason?: string;
  attemptsLeft?: number;
}

function refused(status: number, body: Refusal): PairingRefused {
  return new PairingRefused(
    body.message ?? `The hub refused to pair (HTTP ${status})`,
    body.reason ?? 'refused',
    body.attemptsLeft ?? 0,
  );
}

/** Pairing asks only addresses of the venue's own network (or this computer): typed or from a QR code. */
export function assertPairingAddress(url: string): void {
  const { hostname } = hubUrl(url);
  if (!pairingHostAllowed(hostname))
    throw appError(
      'invalid',
      `${hostname} is not an address on the venue's own network: pair with the hub's address as the Devices tab shows it (like 192.168.1.20:47800)`,
      { field: 'hub' },
    );
}

/** The contract channel to the hub, with the device credential, over the pinned certificate. */
export function openHubSocket(pairing: SatellitePairing): WebSocket {
  const { hostname, port } = hubUrl(pairing.url);
  return new WebSocket(`wss://${isIp(hostname) && hostname.includes(':') ? `[${hostname}]` : hostname}:${port}/ws`, {
    ...pinnedTls(pairing),
    headers: { authorization: `Bearer ${pairing.credential}` },
    handshakeTimeout: 10_000,
    maxPayload: 16 * 1024 * 1024,
  });
}

export function postJson(
  pin: PinnedHub,
  path: string,
  body: unknown,
  credential?: string,
  wait?: { signal?: AbortSignal; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = hubUrl(pin.url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
        },
        ...pinnedTls(pin),
        timeout: wait?.timeoutMs ?? 10_000,
        signal: wait?.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed ?? {} });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(appError('timed-out', 'The hub did not answer in time')));
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * A revoked device hands the hub the punches it still holds (`hubHandOverPunches`, the one request
 * its credential still may make). Resolves with the hub's answer for each; a refusal is rethrown as
 * the AppError the hub sent (kind and data).
 */
export async function handOverPunches(
  pairing: SatellitePairing,
  punches: ForwardedPunch[],
): Promise<HandOverOutcome[]> {
  const { status, body } = await postJson(pairing, '/handover', { punches }, pairing.credential);
  const reply = body as { ok?: unknown; result?: unknown; error?: unknown };
  if (reply.ok === true && Array.isArray(reply.result)) return reply.result as HandOverOutcome[];
  throw fromErrorPayload(
    readErrorPayload(reply.error) ?? {
      kind: 'internal',
      data: {},
      message: `The hub answered ${status} to the hand-over without saying why`,
    },
  );
}

/** Accepts `host:port`, `https://host:port` or `wss://host:port`. */
export function hubUrl(text: string): { hostname: string; port: number } {
  const url = new URL(normalizeUrl(text));
  const port = Number(url.port || 443);
  return { hostname: url.hostname.replace(/^\[|\]$/g, ''), port };
}

export function normalizeUrl(text: string): string {
  const trimmed = text.trim();
  const withScheme = /^[a-z]+:\/\//i.test(trimmed) ? trimmed.replace(/^wss?:\/\//i, 'https://') : `https://${trimmed}`;
  const refused = appError('invalid', `A hub address looks like 192.168.1.20:47800, not "${text}"`, { field: 'hub' });
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw refused;
  }
  if (url.protocol !== 'https:') throw refused;
  return `https://${url.host}`;
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
