// The first start's guided setup (shared/setup.ts): read it, make the choice, restart into it.
import type { SetupChoice, SetupView } from '../setup';

export interface SetupRequests {
  /** Whether this is a first start, and what was chosen. */
  setupView: { args: []; result: SetupView };
  /** Keep the choice; the hub and joining take effect at the next start. */
  setupChoose: { args: [choice: SetupChoice]; result: SetupView };
  /** Start the app again into the choice (Electron only; the headless host says it cannot). */
  setupRestart: { args: []; result: null };
}

export type SetupEvents = Record<never, never>;

export const setupChannelKeys: Record<keyof SetupRequests, true> = {
  setupView: true,
  setupChoose: true,
  setupRestart: true,
};

export const setupEventKeys: Record<keyof SetupEvents, true> = {};
