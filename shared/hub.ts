// One venue, several devices: the hub's paired devices as screens see them (never a credential).

/** What a paired device may do, decided at pairing (see shared/contract/device-access.ts). */
export type DeviceRole = 'kiosk' | 'workstation' | 'manager';

export const DEVICE_ROLES: readonly DeviceRole[] = ['kiosk', 'workstation', 'manager'];

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
}

/** The pairing code the hub shows while a device may pair (managers only). */
export interface HubPairingView {
  code: string;
  role: DeviceRole;
  expiresAt: number;
  attemptsLeft: number;
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
}
