// Shared helpers for the /_sandbox control API: zod-validated JSON bodies and secret-free views.
import type { z } from 'zod';
import { parseJsonObject, type Parsed } from '../http/body';
import { errorJson } from '../http/responses';
import type { RouteContext } from '../http/router';
import type { Integration } from '../model';

/** Parses the JSON body with `schema`; failures become 400 invalid_body naming each bad field. */
export function controlBody<T extends z.ZodType>(ctx: RouteContext, schema: T): Parsed<z.output<T>> {
  const body = parseJsonObject(ctx);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return { ok: false, response: errorJson(400, 'invalid_body', message) };
}

/** An integration as the control API and dashboard show it: never the secret. */
export function integrationView(i: Integration) {
  return {
    accessId: i.accessId,
    name: i.name,
    redirectUrls: [...i.redirectUrls],
    authorizedLocationUuids: [...i.authorizedLocationUuids],
    subscribedLocationUuids: [...i.subscribedLocationUuids],
    createdAt: new Date(i.createdAtMs).toISOString(),
  };
}

/** Enough of a token to recognise it in a list, not enough to use it. */
export function truncateToken(token: string): string {
  return token.length <= 14 ? token : `${token.slice(0, 14)}…`;
}
