// The hub part of the IPC contract: a manager lists, renames and revokes paired devices and opens
// a pairing code. On a device that is not a hub, hubView answers `enabled: false`.
import type { DeviceRole, HubDeviceView, HubView } from '../hub';

export interface HubRequests {
  /** Manager: paired devices, the certificate fingerprint and the open pairing code. */
  hubView: { args: [token: string]; result: HubView };
  /** Manager: show a new 6-digit code a device may pair with once, as `role`. */
  hubOpenPairing: { args: [token: string, role: DeviceRole]; result: HubView };
  /** Manager: give a paired device another name. */
  hubRenameDevice: { args: [token: string, deviceId: string, name: string]; result: HubView };
  /** Manager: revoke a device; it is disconnected and refused from now on. */
  hubRevokeDevice: { args: [token: string, deviceId: string]; result: HubView };
}

export interface HubEvents {
  /** A device paired, came or went, was renamed or revoked. */
  hubDevices: HubDeviceView[];
}

/** Runtime list of this part's requests. */
export const hubChannelKeys: Record<keyof HubRequests, true> = {
  hubView: true,
  hubOpenPairing: true,
  hubRenameDevice: true,
  hubRevokeDevice: true,
};

/** Runtime list of this part's events. */
export const hubEventKeys: Record<keyof HubEvents, true> = { hubDevices: true };
