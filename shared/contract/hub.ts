// The hub part of the IPC contract: a manager lists, renames and revokes paired devices, opens a
// pairing code and allows or denies the devices that gave it. On a device that is not a hub,
// hubView answers `enabled: false`.
import type {
  DeviceReport,
  DeviceRole,
  ForwardedPunch,
  ForwardOutcome,
  FoundHub,
  HandedOverPunch,
  HandOverOutcome,
  HubDeviceView,
  HubModeView,
  HubView,
  KioskStaff,
  SatelliteStatus,
} from '../hub';

export interface HubRequests {
  /** Manager: paired devices, the certificate fingerprint and the open pairing code. */
  hubView: { args: [token: string]; result: HubView };
  /** Manager: show a new 6-digit code a device may pair with once, as `role`. */
  hubOpenPairing: { args: [token: string, role: DeviceRole]; result: HubView };
  /**
   * Manager: allow a device that gave the right code (after comparing its check code with the
   * device's screen), or deny it. Only an allowed device is paired.
   */
  hubDecidePairing: { args: [token: string, requestId: string, decision: 'allow' | 'deny']; result: HubView };
  /** Manager: give a paired device another name. */
  hubRenameDevice: { args: [token: string, deviceId: string, name: string]; result: HubView };
  /** Manager: revoke a device; it is disconnected and refused from now on. */
  hubRevokeDevice: { args: [token: string, deviceId: string]; result: HubView };
  /** Whether this device starts as the venue hub, and whether it runs as one now. */
  hubMode: { args: []; result: HubModeView };
  /** Settings: make this device the venue hub (or stop being it) from its next start. */
  hubSetMode: { args: [hub: boolean]; result: HubModeView };
  /** Alone, hub or satellite; a satellite answers it itself (never the hub's answer). */
  satelliteStatus: { args: []; result: SatelliteStatus };
  /** Unpaired satellite: hubs announced on the LAN. */
  satelliteFindHubs: { args: []; result: FoundHub[] };
  /** Unpaired satellite: the certificate the hub at `address` presents, to compare with the hub's screen before any code is sent. */
  satelliteCheckHub: { args: [address: string]; result: { address: string; fingerprint: string } };
  /**
   * Unpaired satellite: ask to pair with the hub's code, pinning the certificate checked above. It
   * answers once the hub took the request; the status then carries the check code to compare while
   * a manager on the hub decides, and the `satellite` event says how it ended.
   */
  satellitePair: {
    args: [input: { address: string; code: string; name: string; fingerprint: string }];
    result: SatelliteStatus;
  };
  /** Kiosk device, its own request (never a screen's): staff PIN hashes for checks while the hub is away. */
  hubKioskRoster: { args: []; result: KioskStaff[] };
  /** Kiosk device, its own request: one queued punch, recorded once per id with its grant, held or refused. */
  hubForwardPunch: { args: [punch: ForwardedPunch]; result: ForwardOutcome };
  /** Paired device, its own request: its clock and queue length, for the Devices list. */
  hubDeviceReport: { args: [report: DeviceReport]; result: null };
  /** Revoked kiosk device, its own request: the punches it still holds, each held for a manager's review or refused. */
  hubHandOverPunches: { args: [handOver: { punches: HandedOverPunch[] }]; result: HandOverOutcome[] };
}

export interface HubEvents {
  /** A device paired, came or went, was renamed or revoked. */
  hubDevices: HubDeviceView[];
  /** A satellite's link to its hub changed (connected, lost, revoked) or its waiting punches did. */
  satellite: SatelliteStatus;
}

/** Runtime list of this part's requests. */
export const hubChannelKeys: Record<keyof HubRequests, true> = {
  hubView: true,
  hubOpenPairing: true,
  hubDecidePairing: true,
  hubRenameDevice: true,
  hubRevokeDevice: true,
  hubMode: true,
  hubSetMode: true,
  satelliteStatus: true,
  satelliteFindHubs: true,
  satelliteCheckHub: true,
  satellitePair: true,
  hubKioskRoster: true,
  hubForwardPunch: true,
  hubDeviceReport: true,
  hubHandOverPunches: true,
};

/** Runtime list of this part's events. */
export const hubEventKeys: Record<keyof HubEvents, true> = { hubDevices: true, satellite: true };
