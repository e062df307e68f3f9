// The venue hub's own state: paired devices, the open pairing code, the devices waiting for a
// manager to allow them, the certificate, and which devices are connected right now. The TLS
// server (hub-server.ts) and the manager's requests (hub-handlers.ts) both work through it, so a
// revoke (or an allow) is one decision both see at once.
import { CLOCK_SKEW_SHOWN_MS, type DeviceRole, type HubDeviceView, type HubView } from '../../../shared/hub';
import { TypedEmitter } from '../typed-emitter';
import type { DamageSink } from '../storage/data-health';
import { cleanName, DeviceRegistry, type Authentication, type DeviceRecord } from './device-registry';
import { loadOrCreateCertificate, type HubCertificate } from './hub-certificate';
import { PairingCodes } from './pairing-codes';
import { PairingRequests, type PairingAnswer } from './pairing-requests';
import { PAIRING_SECRET_PATTERN } from './pairing-check';

export interface HubServiceEvents {
  hubDevices: HubDeviceView[];
  /** A device was revoked: its open connections must end now. */
  revoked: string;
  /** A device gave the right code and waits for a manager (its request's id). */
  pairingRequested: string;
}

/** The right code opens a request a manager decides; the device then asks for the answer. */
export type PairOutcome =
  | { ok: true; request: string; expiresAt: number }
  | { ok: false; reason: string; attemptsLeft: number; message: string; retryAfterMs?: number };

export interface HubServiceOptions {
  dataDir: string;
  now?: () => number;
  damage?: DamageSink;
  log?: (line: string) => void;
}

export class HubService {
  readonly events = new TypedEmitter<HubServiceEvents>();
  readonly registry: DeviceRegistry;
  readonly pairing: PairingCodes;
  readonly requests: PairingRequests;
  /** Set by the server once it listens (wss://…:port). */
  address: string | null = null;
  private readonly online = new Map<string, number>();
  /** Each device's last report: its clock's skew against the hub's and its queue length. */
  private readonly reports = new Map<string, { skewMs: number; waiting: number | null }>();
  /** Per device, punches held for review (set by the core, which owns the review queue). */
  heldByDevice: () => Map<string, number> = () => new Map();
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  private constructor(
    readonly certificate: HubCertificate,
    options: HubServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
    this.registry = new DeviceRegistry(options.dataDir, this.now, options.damage);
    this.pairing = new PairingCodes(
      this.now,
      () => this.log('Pairing: 5 wrong codes, the code was replaced'),
      () => this.changed(),
    );
    this.requests = new PairingRequests(certificate.fingerprint, this.now);
  }

  static async open(options: HubServiceOptions): Promise<HubService> {
    const certificate = await loadOrCreateCertificate(options.dataDir, options.now, options.damage);
    return new HubService(certificate, options);
  }

  get fingerprint(): string {
    return this.certificate.fingerprint;
  }

  view(): HubView {
    return {
      enabled: true,
      fingerprint: this.fingerprint,
      address: this.address,
      devices: this.devices(),
      pairing: this.pairing.view(),
      requests: this.requests.waiting(),
      pairingLocks: this.pairing.locks(),
    };
  }

  devices(): HubDeviceView[] {
    return this.registry.list().map((d) => this.deviceView(d));
  }

  openPairing(role: DeviceRole): HubView {
    this.pairing.openCode(role);
    return this.view();
  }

  /** A manager stops pairing; the code shown stops working. */
  closePairing(): HubView {
    this.pairing.close();
    this.changed();
    return this.view();
  }

  /**
   * A device asks to pair with `code` from the address `from`, with the secret it chose for this
   * request. The right code opens a request for a manager to allow or deny; nothing is issued yet.
   */
  pair(code: string, name: string, from: string, secret: string): PairOutcome {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed)
      return {
        ok: false,
        reason: 'name',
        attemptsLeft: this.pairing.view()?.attemptsLeft ?? 0,
        message: 'Give this device a name',
      };
    if (!PAIRING_SECRET_PATTERN.test(secret))
      return { ok: false, reason: 'secret', attemptsLeft: 0, message: 'Update this device: it pairs the old way' };
    const attempt = this.pairing.attempt(code, from);
    if (!attempt.ok) return attempt;
    const request = this.requests.open({ name: cleanName(trimmed), role: attempt.role, from, secret });
    this.log(
      `Pairing: "${request.name}" (${request.role}) from ${request.from} waits for a manager on the Devices tab; check code ${request.checkCode}`,
    );
    this.events.emit('pairingRequested', request.id);
    this.changed();
    return { ok: true, request: request.id, expiresAt: request.expiresAt };
  }

  /** A manager allows or denies a device waiting to pair. */
  decidePairing(id: string, allow: boolean): HubView {
    const request = this.requests.undecided(id);
    if (allow) {
      const { device, credential } = this.registry.issue(request.name, request.role);
      this.requests.allow(id, { deviceId: device.id, credential });
      this.log(
        `Paired device "${device.name}" as ${device.role} (${device.id}) from ${request.from}, allowed by a manager`,
      );
    } else {
      this.requests.deny(id);
      this.log(`Pairing: "${request.name}" from ${request.from} denied by a manager`);
    }
    this.changed();
    return this.view();
  }

  /**
   * The device's answer to "how does my request stand?", held up to `timeoutMs` while it waits;
   * null when the device left meanwhile (`stillThere`), so a credential is never handed to nobody.
   */
  async pairingAnswer(
    id: string,
    secret: string,
    timeoutMs: number,
    stillThere: () => boolean,
  ): Promise<(PairingAnswer & { fingerprint: string }) | null> {
    await this.requests.wait(id, secret, timeoutMs);
    if (!stillThere()) return null;
    return { ...this.requests.answer(id, secret), fingerprint: this.fingerprint };
  }

  authenticate(credential: string): Authentication {
    return this.registry.authenticate(credential);
  }

  /** Still paired and not revoked: asked again on every request, not only at connect. */
  stillAllowed(deviceId: string): DeviceRecord | null {
    const device = this.registry.get(deviceId);
    return device && device.revokedAt === null ? device : null;
  }

  rename(id: string, name: string): HubView {
    this.registry.rename(id, name);
    this.changed();
    return this.view();
  }

  revoke(id: string): HubView {
    const device = this.registry.revoke(id);
    this.log(`Revoked device "${device.name}" (${device.id})`);
    this.events.emit('revoked', id);
    this.changed();
    return this.view();
  }

  connected(id: string): void {
    this.online.set(id, (this.online.get(id) ?? 0) + 1);
    this.registry.touch(id);
    this.registry.flush();
    this.changed();
  }

  disconnected(id: string): void {
    const left = (this.online.get(id) ?? 1) - 1;
    if (left > 0) this.online.set(id, left);
    else this.online.delete(id);
    this.registry.touch(id);
    this.registry.flush();
    this.changed();
  }

  seen(id: string): void {
    this.registry.touch(id);
  }

  /** A device says what its clock reads and how many punches it still holds. */
  report(id: string, deviceClock: number, waiting: number | null): void {
    const before = this.reports.get(id);
    const next = { skewMs: deviceClock - this.now(), waiting };
    this.reports.set(id, next);
    if (
      !before ||
      before.waiting !== next.waiting ||
      Math.abs(before.skewMs) > CLOCK_SKEW_SHOWN_MS !== Math.abs(next.skewMs) > CLOCK_SKEW_SHOWN_MS
    )
      this.changed();
  }

  /** The review queue or a device's queue changed: the Devices list shows new counts. */
  countsChanged(): void {
    this.changed();
  }

  logLine(line: string): void {
    this.log(line);
  }

  private deviceView(d: DeviceRecord): HubDeviceView {
    return {
      id: d.id,
      name: d.name,
      role: d.role,
      pairedAt: d.pairedAt,
      lastSeenAt: d.lastSeenAt,
      online: this.online.has(d.id),
      revokedAt: d.revokedAt,
      clockSkewMs: this.reports.get(d.id)?.skewMs ?? null,
      queuedPunches: this.reports.get(d.id)?.waiting ?? null,
      heldPunches: this.heldByDevice().get(d.id) ?? 0,
    };
  }

  private changed(): void {
    this.events.emit('hubDevices', this.devices());
  }
}
