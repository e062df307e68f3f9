// Runtime validation of the backup requests' arguments (main side only).
import { z } from 'zod';

const passphrase = z.string().min(1).max(1000);
const path = z.string().trim().min(1).max(4096);

export const backupArgSchemas = {
  backupView: z.tuple([]),
  backupMake: z.tuple([z.strictObject({ passphrase: passphrase.nullable() })]),
  backupSaveSettings: z.tuple([
    z.strictObject({ folder: path.nullable(), dailyPassphrase: passphrase.nullable().optional() }),
  ]),
  backupInspect: z.tuple([path]),
  backupRestore: z.tuple([
    z.strictObject({ file: path, passphrase: passphrase.nullable(), withoutSecrets: z.boolean() }),
  ]),
};
