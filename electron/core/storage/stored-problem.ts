// A failure's kind and data as a stored file keeps it next to a row (a parked punch, a refused
// sale), so a restart still words it by its kind. A missing or unreadable one reads as null: the
// row's own message is still there for the screen's details and the log.
import { z } from 'zod';
import { readErrorPayload } from '../../../shared/app-error';

export const storedProblem = z.unknown().transform((value) => (value == null ? null : readErrorPayload(value)));
