// The headless host's first-start choice on the command line: `--setup kiosk` (or workstation,
// manager, single, hub, join) makes the same choice as the guided setup on its browser screen. A
// command line that already says what the run is (--hub, --satellite, --kiosk, --service-url,
// --check) is a choice too: its browser screen then opens on the app, not on the setup.
import { SETUP_PURPOSES, type SetupChoice } from '../../shared/setup';
import { loadDeviceSetup, markSetupImplied, saveDeviceSetup } from '../core/setup/device-setup';

export const SETUP_FLAG_VALUES = ['kiosk', 'workstation', 'manager', 'single', 'hub', 'join'] as const;

export interface SetupFlags {
  setup?: string;
  hub?: boolean;
  satellite?: boolean;
  kiosk?: boolean;
  serviceUrl?: string;
  check?: boolean;
}

/** The choice this run composes by, or a sentence saying why the flag is wrong. */
export function setupFromCommandLine(
  dataDir: string,
  flags: SetupFlags,
): { ok: true; choice: SetupChoice | null } | { ok: false; reason: string } {
  const venue = flags.serviceUrl ? 'service' : 'practice';
  if (flags.setup !== undefined) {
    const value = flags.setup as (typeof SETUP_FLAG_VALUES)[number];
    if (!SETUP_FLAG_VALUES.includes(value))
      return { ok: false, reason: `--setup is one of ${SETUP_FLAG_VALUES.join(', ')}, not "${flags.setup}"` };
    const purpose = (SETUP_PURPOSES as readonly string[]).includes(value) ? (value as SetupChoice['purpose']) : null;
    const role = value === 'hub' || value === 'join' ? value : 'single';
    const choice: SetupChoice = { venue: role === 'join' ? 'practice' : venue, role, purpose };
    saveDeviceSetup(dataDir, choice);
    return { ok: true, choice };
  }
  const saved = loadDeviceSetup(dataDir);
  if (saved) return { ok: true, choice: saved };
  // For this run only: --hub does not make every later start a hub, nor --kiosk a kiosk.
  if (flags.hub || flags.satellite || flags.kiosk || flags.serviceUrl || flags.check) markSetupImplied(dataDir);
  return { ok: true, choice: null };
}
