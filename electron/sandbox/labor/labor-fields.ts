// Field parsers for the labor routes. Each returns a value or a sentence naming what is wrong,
// so a 400 always tells the client exactly which field to fix.
import type { StaffRole } from '../model';
import type { SandboxWorld } from '../world';

export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A punch time as this service keeps it: as sent, or (minute reading) cut to the minute. */
export function keptTime(ms: number, precision: 'second' | 'minute'): number {
  // Our reading keeps what was sent (ISO 8601 carries milliseconds at most).
  return precision === 'minute' ? Math.floor(ms / 60_000) * 60_000 : ms;
}

/** ISO 8601 with a zone (Z or ±hh:mm), the only time format the sandbox accepts. */
export function parseTime(name: string, value: unknown): FieldResult<number> {
  if (typeof value !== 'string' || !ISO_8601.test(value)) {
    return { ok: false, message: `${name} must be an ISO 8601 date-time with a zone, e.g. 2025-01-31T21:04:00Z.` };
  }
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return { ok: false, message: `${name} is not a real date-time.` };
  return { ok: true, value: ms };
}

/** A role's short code in the 'code' reading ('BAR' for bartender). */
export function roleCode(role: StaffRole): string {
  return role.name.slice(0, 3).toUpperCase();
}

/**
 * A role as user_role names it. By the reading's roleForm: 'name' takes the name or the uuid,
 * 'uuid' only the uuid, 'code' the code or the uuid (a service that knows roles by its own key).
 */
export function findRole(world: SandboxWorld, value: string): StaffRole | null {
  const wanted = value.trim().toLowerCase();
  const form = world.readings.roleForm;
  return (
    world.roles.find(
      (r) =>
        r.uuid.toLowerCase() === wanted ||
        (form === 'name' && r.name.toLowerCase() === wanted) ||
        (form === 'code' && roleCode(r).toLowerCase() === wanted),
    ) ?? null
  );
}

/** What findRole takes under the current reading, for a 400's sentence. */
export function roleInputWords(world: SandboxWorld): string {
  const form = world.readings.roleForm;
  if (form === 'uuid') return 'by uuid';
  const list = world.roles.map((r) => (form === 'code' ? roleCode(r) : r.name)).join(', ');
  return `by ${form} or uuid: ${list}`;
}

/** user_id as a string; a JSON number is accepted and read as its decimal text. */
export function parseUserId(value: unknown): FieldResult<string> {
  if (typeof value === 'number' && Number.isInteger(value)) return { ok: true, value: String(value) };
  if (typeof value === 'string' && value.trim() !== '') return { ok: true, value: value.trim() };
  return { ok: false, message: 'user_id must be a non-empty string.' };
}

/** declared_tips into cents; in the 'dollars' reading the wire value is decimal dollars (12.5 = $12.50). */
export function parseTips(value: unknown, unit: 'cents' | 'dollars' = 'cents'): FieldResult<number | null> {
  if (value === null) return { ok: true, value: null };
  if (unit === 'dollars') {
    if (
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= 0 &&
      value <= 1_000_000 &&
      Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
    ) {
      return { ok: true, value: Math.round(value * 100) };
    }
    return {
      ok: false,
      message: 'declared_tips must be an amount in dollars with at most 2 decimals (0 or more), or null.',
    };
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000_000)
    return { ok: true, value };
  return { ok: false, message: 'declared_tips must be a whole number of cents (0 or more), or null.' };
}

export function isStaffAt(world: SandboxWorld, locationUuid: string, userId: string): boolean {
  return world.staff.some((s) => s.locationUuid === locationUuid && s.userId === userId);
}
