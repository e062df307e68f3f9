// Turns a schema mismatch into a bad-response ServiceError that says which route and which field.
import type { z } from 'zod';
import { ServiceError } from './errors';

export function parseResponse<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new ServiceError(`The service answered ${route} with an unexpected shape: ${issues}`, {
    kind: 'bad-response',
    route,
    cause: result.error,
  });
}
