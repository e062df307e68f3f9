// Runtime validation of the connection requests' arguments (main side only: keeps zod out of
// the renderer and preload bundles).
import { z } from 'zod';
import { headerPrefixSchema, redirectPortSchema } from '../schemas/settings/connection';

const connectionInput = z.strictObject({
  mode: z.enum(['sandbox', 'remote']),
  baseUrl: z.string().max(2048).optional(),
  accessId: z.string().max(512).optional(),
  accessSecret: z.string().max(4096).optional(),
  headerPrefix: headerPrefixSchema.optional(),
  redirectPort: redirectPortSchema.optional(),
});
const as = z.enum(['integration', 'user']);

export const connectionArgSchemas = {
  getSnapshot: z.tuple([]),
  saveConnection: z.tuple([connectionInput]),
  testConnection: z.union([z.tuple([]), z.tuple([connectionInput])]),
  resetPracticeVenue: z.tuple([]),
  checkService: z.tuple([]),
  startUserSignIn: z.tuple([]),
  cancelUserSignIn: z.tuple([]),
  signOut: z.tuple([]),
  listLocations: z.tuple([as]),
  subscribeLocations: z.tuple([z.array(z.string().min(1).max(128)).min(1).max(500), as]),
};
