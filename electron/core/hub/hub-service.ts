// The venue hub's own state: paired devices, the open pairing code, the certificate, and which
// devices are connected right now. The TLS server (hub-server.ts) and the manager's requests
// (hub-handlers.ts) both work through it, so a revoke is one decision both see at once.
import { CLOCK_SKEW_SHOWN_MS, type DeviceRole, type HubDeviceView, type HubView } from '../../../shared/hub';
import { TypedEmitter } from '../typed-emitter';
import type { DamageSink } from '../storage/data-health';
import { DeviceRegistry, type Authentication, type DeviceRecord } from './device-registry';
import { loadOrCreateCertificate, type HubCertificate } from './hub-certificate';
import { PairingCodes } from './pairing-codes';

export interface HubServiceEvents {
  hubDevices: HubDeviceView[];
  /** A device was revoked: its open connections must end now. */
  revoked: string;
}

export type PairOutcome =
  | { ok: true; deviceId: string; credential: string; role: DeviceRole; name: string; fingerprint: string }
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
    this.pairing = new PairingCodes(this.now, () => this.log('Pairing: 5 wrong codes, the code was replaced'));
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

  pair(code: string, name: string): PairOutcome {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed)
      return {
        ok: false,
        reason: 'name',
        attemptsLeft: this.pairing.view()?.attemptsLeft ?? 0,
        message: 'Give this device a name',
      };
    const attempt = this.pairing.attempt(code);
    if (!attempt.ok) return attempt;
    const { device, credential } = this.registry.issue(trimmed, attempt.role);
    this.log(`Paired device "${device.name}" as ${device.role} (${device.id})`);
    this.changed();
    return {
      ok: true,
      deviceId: device.id,
      credential,
      role: device.role,
      name: device.name,
      fingerprint: this.fingerprint,
    };
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
