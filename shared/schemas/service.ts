// zod schemas of the service's answers. The spec leaves many shapes open (locations, error
// bodies) and shows two spellings of the token response, so each schema accepts the variants we
// know, ignores fields it does not know (new fields are a minor version, part 9), and outputs
// one normalised, typed value. A field of the wrong type is treated as absent, not fatal.
import { z } from 'zod';
import type { Location } from '../domain';

const optionalText = z.string().trim().min(1).optional().catch(undefined);
const optionalId = z
  .union([z.string().trim().min(1), z.number().finite().transform(String)])
  .optional()
  .catch(undefined);
const optionalNumber = z
  .union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .optional()
  .catch(undefined);
const optionalBoolean = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 1)
  .optional()
  .catch(undefined);

// ---------------------------------------------------------------------------------------------
// Token responses: 2.1 (client credentials, snake_case) and 2.2 (authorization code, camelCase).

/** A token response, whichever spelling the service used. */
export interface ServiceToken {
  accessToken: string;
  tokenType: string | null;
  /** Authorization-code flow only. */
  refreshToken: string | null;
  /** How long the token lives, in seconds, when the service said so (expires_in, or expires − initiated). */
  lifetimeSeconds: number | null;
  /** Unix seconds of expiry when the service sent an absolute time (2.2 `expires`). */
  expiresAtSeconds: number | null;
  /** Unix seconds of issue (2.2 `initiated`). */
  issuedAtSeconds: number | null;
  /** Who signed in, if the service happened to say. */
  label: string | null;
}

const rawToken = z.looseObject({
  access_token: optionalText,
  accessToken: optionalText,
  token: optionalText,
  token_type: optionalText,
  tokenType: optionalText,
  expires_in: optionalNumber,
  expiresIn: optionalNumber,
  expires: optionalNumber,
  expires_at: optionalNumber,
  expiresAt: optionalNumber,
  initiated: optionalNumber,
  issued_at: optionalNumber,
  issuedAt: optionalNumber,
  refresh_token: optionalText,
  refreshToken: optionalText,
  user: z.unknown().optional(),
  email: optionalText,
  username: optionalText,
  userName: optionalText,
});

export const tokenResponseSchema = rawToken.transform((raw, ctx): ServiceToken => {
  const accessToken = raw.access_token ?? raw.accessToken ?? raw.token;
  if (!accessToken) {
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: 'no access token in the answer (looked for access_token, accessToken and token)',
    });
    return z.NEVER;
  }
  const issuedAtSeconds = unixSeconds(raw.initiated ?? raw.issued_at ?? raw.issuedAt);
  let lifetimeSeconds = raw.expires_in ?? raw.expiresIn ?? null;
  let expiresAtSeconds = unixSeconds(raw.expires_at ?? raw.expiresAt);
  // `expires` is an absolute Unix time in 2.2 but some services send a duration under that name.
  if (raw.expires !== undefined) {
    if (looksLikeUnixTime(raw.expires)) expiresAtSeconds ??= unixSeconds(raw.expires);
    else lifetimeSeconds ??= raw.expires;
  }
  if (lifetimeSeconds === null && expiresAtSeconds !== null && issuedAtSeconds !== null) {
    lifetimeSeconds = expiresAtSeconds - issuedAtSeconds;
  }
  return {
    accessToken,
    tokenType: raw.token_type ?? raw.tokenType ?? null,
    refreshToken: raw.refresh_token ?? raw.refreshToken ?? null,
    lifetimeSeconds: lifetimeSeconds !== null && lifetimeSeconds > 0 ? lifetimeSeconds : null,
    expiresAtSeconds,
    issuedAtSeconds,
    label: userLabel(raw.user) ?? raw.email ?? raw.userName ?? raw.username ?? null,
  };
});

/** Above ~1973 as seconds: a timestamp, not a duration. */
function looksLikeUnixTime(value: number): boolean {
  return value > 100_000_000;
}

/** Seconds, accepting milliseconds by mistake. */
function unixSeconds(value: number | undefined): number | null {
  if (value === undefined) return null;
  return value > 100_000_000_000 ? Math.floor(value / 1000) : value;
}

function userLabel(user: unknown): string | null {
  if (typeof user === 'string' && user.trim()) return user.trim();
  if (!user || typeof user !== 'object') return null;
  const u = user as Record<string, unknown>;
  for (const key of ['name', 'displayName', 'email', 'username', 'userName']) {
    const value = u[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// GET /api/loc: the response shape is not shown (part 4), so both the envelope and each item
// are read tolerantly.

const flagsLike = z
  .union([z.record(z.string(), z.unknown()), z.array(z.union([z.string(), z.looseObject({})]))])
  .optional()
  .catch(undefined);

const rawLocation = z.looseObject({
  uuid: optionalId,
  locationUuid: optionalId,
  location_uuid: optionalId,
  id: optionalId,
  locationId: optionalId,
  location_id: optionalId,
  name: optionalText,
  locationName: optionalText,
  location_name: optionalText,
  title: optionalText,
  featureFlags: flagsLike,
  feature_flags: flagsLike,
  flags: flagsLike,
  subscribed: optionalBoolean,
  isSubscribed: optionalBoolean,
  is_subscribed: optionalBoolean,
  timezone: optionalText,
  time_zone: optionalText,
  timeZone: optionalText,
});

const withZone = (timezone: string | null) => (timezone ? { timezone } : {});

/** An IANA zone this runtime knows, else null (a zone it cannot use would fail every time shown). */
function knownZone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

export const locationSchema = rawLocation.transform((raw, ctx): Location => {
  const uuid = raw.uuid ?? raw.locationUuid ?? raw.location_uuid ?? raw.id ?? raw.locationId ?? raw.location_id;
  if (!uuid) {
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: 'a location without uuid, locationUuid, location_uuid or id',
    });
    return z.NEVER;
  }
  const id = raw.locationId ?? raw.location_id ?? (raw.id !== undefined && raw.id !== uuid ? raw.id : null);
  return {
    uuid,
    id: id ?? null,
    name: raw.name ?? raw.locationName ?? raw.location_name ?? raw.title ?? uuid,
    flags: normaliseFlags(raw.featureFlags ?? raw.feature_flags ?? raw.flags),
    // Absent = the service does not say (a spec-valid reading), never a silent 'not subscribed'.
    subscribed: raw.subscribed ?? raw.isSubscribed ?? raw.is_subscribed ?? null,
    // Only when the list gives one: a location with no zone stays as it always was.
    ...withZone(knownZone(raw.timezone ?? raw.time_zone ?? raw.timeZone)),
  };
});

/** { flag: true } | ['flag'] | [{ name: 'flag', enabled: true }] → { flag: true } */
function normaliseFlags(flags: Record<string, unknown> | (string | Record<string, unknown>)[] | undefined) {
  const result: Record<string, boolean> = {};
  if (!flags) return result;
  if (Array.isArray(flags)) {
    for (const entry of flags) {
      if (typeof entry === 'string') {
        result[entry] = true;
        continue;
      }
      const name = entry.name ?? entry.key ?? entry.flag;
      if (typeof name === 'string') result[name] = truthy(entry.enabled ?? entry.value ?? entry.active ?? true);
    }
    return result;
  }
  for (const [name, value] of Object.entries(flags)) result[name] = truthy(value);
  return result;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === 'on' || value === 'enabled';
}

const LIST_KEYS = ['locations', 'data', 'results', 'items'] as const;

/** The array of locations in an answer: bare, or under locations/data/results/items; null when none. */
export function findLocationRows(body: unknown): unknown[] | null {
  return findList(body);
}

/** Finds the array of locations: bare, or under locations/data/results/items (one level of nesting allowed). */
function findList(body: unknown, depth = 0): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (depth > 1 || !body || typeof body !== 'object') return null;
  for (const key of LIST_KEYS) {
    const found = findList((body as Record<string, unknown>)[key], depth + 1);
    if (found) return found;
  }
  return null;
}

export const locationsResponseSchema = z
  .unknown()
  .transform((body, ctx) => {
    const list = findList(body);
    if (!list) {
      ctx.issues.push({
        code: 'custom',
        input: body,
        message: 'expected a list of locations, bare or under locations, data, results or items',
      });
      return z.NEVER;
    }
    return list;
  })
  .pipe(z.array(locationSchema));

/** POST /loc/subscribe: the answer's shape is not shown; anything JSON (or empty) is accepted. */
export const subscribeResponseSchema = z.unknown();
