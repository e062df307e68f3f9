// Runtime validation of the screen's own requests (main side only).
import { z } from 'zod';
import { SCREEN_ERROR_LIMITS } from '../screen-errors';

export const screenArgSchemas = {
  reportScreenError: z.tuple([
    z.strictObject({
      area: z.string().min(1).max(SCREEN_ERROR_LIMITS.area),
      message: z.string().max(SCREEN_ERROR_LIMITS.message),
      stack: z.string().max(SCREEN_ERROR_LIMITS.stack).nullable(),
      componentStack: z.string().max(SCREEN_ERROR_LIMITS.stack).nullable(),
    }),
  ]),
};
