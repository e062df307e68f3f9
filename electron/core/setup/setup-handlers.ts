// The setup part of the contract. Whether this is a first start is read once, when the app is
// composed (before its start writes any file), so the answer does not change under the screen.
import type { HandlersOf } from '../../../shared/contract';
import type { SetupRequests } from '../../../shared/contract/setup';
import type { SetupChoice, SetupView } from '../../../shared/setup';
import { appError } from '../../../shared/app-error';
import { loadDeviceSetup, saveDeviceSetup, setupNeeded } from './device-setup';

/**
 * Whether this run's first start is still open: its question unanswered, or answered with a choice
 * that takes effect only after a restart this run has not made yet. While it is open, this
 * computer's own screen makes the first start's requests without a manager (access-guard.ts): the
 * practice venue's manager exists before anyone has been told their PIN.
 */
export interface FirstStartState {
  needed: boolean;
  restartPending: boolean;
}

export function firstStartState(dataDir: string): FirstStartState {
  return { needed: setupNeeded(dataDir), restartPending: false };
}

export interface SetupHandlerOptions {
  dataDir: string;
  /** Read once when the app is composed, before its start writes any file. */
  firstStart: FirstStartState;
  /** This run is the venue hub. */
  hubRunning: boolean;
  /** Starts the app again (Electron); absent where whoever runs it starts it again (the host). */
  restart?: () => void;
}

export function setupHandlers(options: SetupHandlerOptions): HandlersOf<SetupRequests> {
  const state = options.firstStart;
  // A core never runs as a satellite: joining a hub is always a new start.
  const restartNeeded = (choice: SetupChoice | null) =>
    choice !== null && (choice.role === 'join' || (choice.role === 'hub') !== options.hubRunning);
  const view = (choice: SetupChoice | null): SetupView => ({
    needed: state.needed,
    choice,
    restartNeeded: restartNeeded(choice),
    canRestart: options.restart !== undefined,
  });
  return {
    setupView: async () => view(loadDeviceSetup(options.dataDir)),
    setupChoose: async (choice) => {
      saveDeviceSetup(options.dataDir, choice);
      state.restartPending = state.needed && restartNeeded(choice);
      state.needed = false;
      return view(choice);
    },
    setupRestart: async () => {
      if (!options.restart)
        throw appError('local-failure', 'Stop the host and start it again to use this choice', { code: 'no-restart' });
      options.restart();
      return null;
    },
  };
}
