// The first start's guided setup: which venue this computer works with, and what it is for.
// The choice is kept in the data folder, and the composition roots start accordingly: the venue
// hub, a device that joins a hub, or a computer on its own (as the kiosk, the bar or the manager's).

/** How this computer takes part in the venue. */
export const SETUP_ROLES = ['single', 'hub', 'join'] as const;
export type SetupRole = (typeof SETUP_ROLES)[number];

/** What a computer on its own (or the hub's own screen) is mostly for: the screen it opens on. */
export const SETUP_PURPOSES = ['kiosk', 'workstation', 'manager'] as const;
export type SetupPurpose = (typeof SETUP_PURPOSES)[number];

export interface SetupChoice {
  /** The practice venue (the embedded sandbox) or a real service. A joining device uses its hub's. */
  venue: 'practice' | 'service';
  role: SetupRole;
  /** Null for a device that joins a hub: the hub gives it its role at pairing. */
  purpose: SetupPurpose | null;
}

export interface SetupView {
  /** True on a first start: nothing was chosen and the data folder was new. */
  needed: boolean;
  choice: SetupChoice | null;
  /** The choice takes effect at the next start (becoming the hub, or joining one). */
  restartNeeded: boolean;
  /** This app can restart itself (Electron); the headless host is started again by whoever runs it. */
  canRestart: boolean;
}
