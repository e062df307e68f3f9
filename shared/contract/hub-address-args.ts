// Runtime validation of the hub-address request's argument (main side only).
import { z } from 'zod';

export const hubAddressArgSchemas = {
  satelliteMoveHub: z.tuple([z.string().trim().min(1).max(300)]),
};
