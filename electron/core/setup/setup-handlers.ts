// The setup part of the contract. Whether this is a first start is read once, when the app is
// composed (before its start writes any file), so the answer does not change under the screen.
import type { HandlersOf } from '../../../shared/contract';
import type { SetupRequests } from '../../../shared/contract/setup';
import type { SetupChoice, SetupView } from '../../../shared/setup';
import { appError } from '../../../shared/app-error';
import { loadDeviceSetup, saveDeviceSetup, setupNeeded } from './device-setup';

export interface SetupHandlerOptions {
  dataDir: string;
  /** This run is the venue hub. */
  hubRunning: boolean;
  /** Starts the app again (Electron); absent where whoever runs it starts it again (the host). */
  restart?: () => void;
}

export function setupHandlers(options: SetupHandlerOptions): HandlersOf<SetupRequests> {
  let needed = setupNeeded(options.dataDir);
  const view = (choice: SetupChoice | null): SetupView => ({
    needed,
    choice,
    // A core never runs as a satellite: joining a hub is always a new start.
    restartNeeded: choice !== null && (choice.role === 'join' || (choice.role === 'hub') !== options.hubRunning),
    canRestart: options.restart !== undefined,
  });
  return {
    setupView: async () => view(loadDeviceSetup(options.dataDir)),
    setupChoose: async (choice) => {
      saveDeviceSetup(options.dataDir, choice);
      needed = false;
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
