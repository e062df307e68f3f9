// The schema of a `once` request's id (shared/contract/semantics.ts), main side only.
import { z } from 'zod';
import { REQUEST_ID_PATTERN } from './semantics';

export const requestId = z
  .string()
  .regex(REQUEST_ID_PATTERN, 'a request id (8 to 64 letters, digits, - or _) made when the button was pressed');
