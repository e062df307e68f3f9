// Field parsers for the labor routes. Each returns a value or a sentence naming what is wrong,
// so a 400 always tells the client exactly which field to fix.
import type { StaffRole } from '../model';
import type { SandboxWorld } from '../world';

export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 with a zone (Z or ±hh:mm), the only time format the sandbox accepts. */
export function parseTime(name: string, value: unknown): FieldResult<number> {
  if (typeof value !== 'string' || !ISO_8601.test(value)) {
    return { ok: false, message: `${name} must be an ISO 8601 date-time with a zone, e.g. 2025-01-31T21:04:00Z.` };
  }
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return { ok: false, message: `${name} is not a real date-time.` };
  return { ok: true, value: ms };
}

/** A role by name ('bartender') or by uuid; the sandbox knows the seeded roles. */
export function findRole(world: SandboxWorld, value: string): StaffRole | null {
  const wanted = value.trim().toLowerCase();
  return world.roles.find((r) => r.uuid.toLowerCase() === wanted || r.name.toLowerCase() === wanted) ?? null;
}

/** user_id as a string; a JSON number is accepted and read as its decimal text. */
export function parseUserId(value: unknown): FieldResult<string> {
  if (typeof value === 'number' && Number.isInteger(value)) return { ok: true, value: String(value) };
  if (typeof value === 'string' && value.trim() !== '') return { ok: true, value: value.trim() };
  return { ok: false, message: 'user_id must be a non-empty string.' };
}

export function parseTips(value: unknown): FieldResult<number | null> {
  if (value === null) return { ok: true, value: null };
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000_000) return { ok: true, value };
  return { ok: false, message: 'declared_tips must be a whole number of cents (0 or more), or null.' };
}

export function isStaffAt(world: SandboxWorld, locationUuid: string, userId: string): boolean {
  return world.staff.some((s) => s.locationUuid === locationUuid && s.userId === userId);
}
