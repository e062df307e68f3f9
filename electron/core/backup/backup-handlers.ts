// The backup part of the contract. A restore belongs to the first start of a new install (the
// data folder the running app holds is replaced at its next start, restore-switch.ts); a venue in
// use is restored with the app stopped, `npm run host -- --restore FILE`.
import { resolve } from 'node:path';
import type { HandlersOf } from '../../../shared/contract';
import type { BackupRequests } from '../../../shared/contract/backup';
import { appError } from '../../../shared/app-error';
import type { SecretStore } from '../secrets/secret-store';
import type { FirstStartState } from '../setup/setup-handlers';
import type { BackupService } from './backup-service';
import { inspectBackup, restoreBackup } from './restore-backup';

export interface BackupHandlerOptions {
  dataDir: string;
  secrets: SecretStore;
  firstStart: FirstStartState;
  /** Starts the app again (Electron); absent in the headless host. */
  restart?: () => void;
  log: (line: string) => void;
}

export function backupHandlers(service: BackupService, options: BackupHandlerOptions): HandlersOf<BackupRequests> {
  let restoredHere = false;
  return {
    backupView: async () => service.view(),
    backupMake: async (input) => service.make(input.passphrase),
    backupSaveSettings: async (input) => service.saveSettings(input),
    backupInspect: async (file) => inspectBackup(resolve(file)),
    backupRestore: async (input) => {
      if (!options.firstStart.needed && !restoredHere)
        throw appError(
          'conflict',
          'A backup is restored on the first start of a new install; to restore over this venue, stop the app and run npm run host -- --restore FILE',
          { what: 'restore' },
        );
      const done = await restoreBackup({
        file: resolve(input.file),
        dataDir: options.dataDir,
        passphrase: input.passphrase,
        withoutSecrets: input.withoutSecrets,
        inUse: true,
      });
      for (const [name, value] of Object.entries(done.secrets)) await options.secrets.set(name, value);
      restoredHere = true;
      // The first start is over: what is left is the start into the restored venue.
      options.firstStart.needed = false;
      options.firstStart.restartPending = true;
      options.log(`backups: ${input.file} restored; the venue opens at the next start`);
      return {
        ...done.summary,
        secretsRestored: Object.keys(done.secrets).length > 0,
        hubIdentityRestored: done.sealedFiles.some((f) => f === 'hub/hub-identity.pem' || f === 'hub/hub-key.pem'),
        canRestart: options.restart !== undefined,
      };
    },
  };
}
