// Runtime validation of the data-health requests' arguments (main side only).
import { z } from 'zod';

export const dataHealthArgSchemas = {
  dismissDataHealth: z.tuple([z.array(z.string().min(1).max(300)).max(200)]),
};
