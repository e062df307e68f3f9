// One venue, several devices: the hub's paired devices as screens see them (never a credential),
// and what a kiosk device exchanges with the hub over its own link (never shown on a screen).
import type { ReviewReason } from './authority';
import type { PunchAction, PunchInput, StaffRole } from './labor';
import type { ErrorPayload } from './app-error';

export const DEVICE_ROLES = ['kiosk', 'workstation', 'manager'] as const;

/** What a paired device may do, decided at pairing (see shared/contract/device-access.ts). */
export type DeviceRole = (typeof DEVICE_ROLES)[number];

/** A device role as the venue's screens and head office's page name it. */
export const DEVICE_ROLE_NAMES: Record<DeviceRole, string> = {
  kiosk: 'Kiosk',
  workstation: 'Workstation',
  manager: 'Manager’s device',
};

/** The name of a role a message carries: a role a newer release added is said as it came. */
export function deviceRoleName(role: string): string {
  return (DEVICE_ROLES as readonly string[]).includes(role) ? DEVICE_ROLE_NAMES[role as DeviceRole] : role;
}

export interface HubDeviceView {
  id: string;
  name: string;
  role: DeviceRole;
  /** Epoch ms. */
  pairedAt: number;
  /** Epoch ms of the last connection or request; null before the first. */
  lastSeenAt: number | null;
  online: boolean;
  /** Epoch ms when a manager revoked it; a revoked device gets nothing more. */
  revokedAt: number | null;
  /** The device's clock minus the hub's at its last report (ms); null before one. Over a minute is shown. */
  clockSkewMs: number | null;
  /** Punches waiting in the device's own queue at its last report; null before one. */
  queuedPunches: number | null;
  /** Its punches the hub holds for a manager's review. */
  heldPunches: number;
}

/** A device clock further than this from the hub's is shown on the Devices list. */
export const CLOCK_SKEW_SHOWN_MS = 60_000;

/**
 * A device that gave the right pairing code and waits for a manager on the hub to allow it. It
 * pairs only once allowed: the code alone can be read off the hub's screen or its QR code, and a
 * look-alike hub could relay it. The check code is derived from both sides (the certificate the
 * device saw and a secret the device chose), so it is the same on the device's screen only when
 * the device reached this hub directly.
 */
export interface HubPairingRequestView {
  id: string;
  /** The name the device asked for. */
  name: string;
  role: DeviceRole;
  /** The address it asked from. */
  from: string;
  /** Five groups of four, as the device shows them while it waits. */
  checkCode: string;
  requestedAt: number;
  /** Not allowed by then, it is refused. */
  expiresAt: number;
}

/** An address whose pairing attempts are refused for a while (too many in a minute). */
export interface HubPairingLockView {
  /** The address, or its /64 for IPv6. */
  address: string;
  until: number;
}

/** The pairing code the hub shows while a device may pair (managers only). */
export interface HubPairingView {
  code: string;
  role: DeviceRole;
  expiresAt: number;
  attemptsLeft: number;
  /** PNG data URL of a QR code with the hub address, the code and the fingerprint (hub screens only). */
  qr?: string;
}

export interface HubView {
  /** False on a device that is not the venue's hub (nothing else below is filled). */
  enabled: boolean;
  /** SHA-256 of the hub certificate, as both screens show it at pairing. */
  fingerprint: string | null;
  /** Where satellites reach the hub (wss://address:port), when known. */
  address: string | null;
  devices: HubDeviceView[];
  pairing: HubPairingView | null;
  /** Devices waiting for a manager to allow them, oldest first. */
  requests: HubPairingRequestView[];
  /** Addresses refused for a while after too many pairing attempts. */
  pairingLocks: HubPairingLockView[];
}

/** Whether this device starts as the venue hub (Settings), and whether it runs as one now. */
export interface HubModeView {
  startsAsHub: boolean;
  running: boolean;
  /** The choice takes effect at the next start of the app. */
  restartNeeded: boolean;
}

/** How this device takes part in the venue: alone, as the hub, or as a satellite of a hub. */
export interface SatelliteStatus {
  mode: 'standalone' | 'hub' | 'satellite';
  /** Satellite only: the hub it is paired with (https://address:port). */
  hubAddress: string | null;
  /** Satellite: the pinned hub certificate; hub: its own. */
  fingerprint: string | null;
  deviceName: string | null;
  role: DeviceRole | null;
  /** Satellite only: the channel to the hub right now. */
  link: 'connected' | 'connecting' | 'revoked' | 'unpaired' | 'identity-changed' | null;
  /** What the screen should say about the link (revoked, unreachable), in staff words. */
  message: string | null;
  /** Punches taken while the hub was unreachable, not yet accepted by it. */
  waitingPunches: number;
  /** Unpaired satellite: its request to the hub, while a manager decides and after. */
  pairingRequest: SatellitePairingRequest | null;
}

/**
 * An unpaired satellite's request to pair, as its screen shows it: waiting for a manager on the
 * hub (who compares the check code on both screens), or refused, or run out.
 */
export interface SatellitePairingRequest {
  state: 'waiting' | 'denied' | 'expired';
  /** https://address:port of the hub asked. */
  hubAddress: string;
  /** This device's check code: the hub's Devices tab must show the same beside its name. */
  checkCode: string;
  name: string;
  expiresAt: number;
}

/** A hub heard on the LAN (mDNS). */
export interface FoundHub {
  name: string;
  /** host:port, as the pairing form takes it. */
  address: string;
  fingerprint: string | null;
}

/** A punch a kiosk device queued (durably, id first) and forwards to the hub in order. */
export interface ForwardedPunch {
  punchId: string;
  userId: string;
  action: PunchAction;
  role?: StaffRole;
  declaredTipsCents?: number;
  /** Break kind, attestation and note as the kiosk took them (shared/labor.ts PunchInput). */
  breakKind?: PunchInput['breakKind'];
  breakPaid?: boolean;
  attestation?: PunchInput['attestation'];
  note?: string;
  /** Of declaredTipsCents, what came on card (PunchInput.tipsCardCents). */
  tipsCardCents?: number;
  /** When the kiosk took it (its clock). */
  capturedAt: number;
  /** The hub's grant from the session this punch was taken in (online sessions). */
  grant?: string;
  /** Taken in a session the kiosk opened itself against its roster copy while the hub was away. */
  offline?: boolean;
  /** Taken in a session the hub opened on a name tap, without a PIN: it carries no grant. */
  nameTap?: boolean;
  /** A manager's session on that kiosk letting an early punch-in through (the schedule's rule). */
  managerToken?: string;
}

/** The hub's answer to a forwarded punch: final for its id, whatever is sent again. */
export type ForwardOutcome =
  | { status: 'accepted' | 'duplicate' }
  | { status: 'held'; reasons: ReviewReason[] }
  | { status: 'refused'; message: string; problem?: ErrorPayload };

/** Punches a revoked device hands over in one request. */
export const HAND_OVER_BATCH = 100;

/**
 * A punch as a revoked device hands it over: its id, and the rest as it was queued. Each is checked
 * against the forwarded punch's schema on its own, so one the contract refuses is refused with its
 * reason while the others are still held.
 */
export type HandedOverPunch = { punchId: string; [field: string]: unknown };

/** The hub's answer for one handed-over punch. */
export interface HandOverOutcome {
  punchId: string;
  outcome: ForwardOutcome;
}

/** A salted scrypt hash of a PIN with its cost parameters (never the PIN). */
export interface PinHashRecord {
  salt: string;
  hash: string;
  N: number;
  r: number;
  p: number;
}

/** A staff member as a kiosk device keeps them for PIN checks while the hub is away. */
export interface KioskStaff {
  userId: string;
  name: string;
  manager: boolean;
  pin: PinHashRecord | null;
  /** The PIN under the venue's shared lookup salt: picks the person before their own hash confirms. */
  pinTag?: PinHashRecord | null;
  roles: (StaffRole & { locationUuid: string })[];
}

/** What a device says of itself: its clock, and how many punches it still holds. */
export interface DeviceReport {
  at: number;
  waiting: number | null;
}
