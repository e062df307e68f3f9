// Runtime validation of the setup requests' arguments (main side only).
import { z } from 'zod';
import { SETUP_PURPOSES, SETUP_ROLES } from '../setup';

export const setupArgSchemas = {
  setupView: z.tuple([]),
  setupChoose: z.tuple([
    z.strictObject({
      venue: z.enum(['practice', 'service']),
      role: z.enum(SETUP_ROLES),
      purpose: z.enum(SETUP_PURPOSES).nullable(),
    }),
  ]),
  setupRestart: z.tuple([]),
};
