// What a kiosk action becomes in the outbox, checked against the person's current state (from
// the board): you cannot punch in twice, take a break off shift, or end a break you are not on.
// Punching out during a break ends the break first, at the same moment.
import { randomUUID } from 'node:crypto';
import type { PunchInput, StaffRole } from '../../../shared/labor';
import type { LiveRow } from './board';
import type { Punch } from './punch';
import { clockTime } from '../../../shared/time';
import { AppError } from '../../../shared/app-error';

export type PunchDraft = Omit<Punch, 'seq'>;

export const MAX_TIPS_CENTS = 10_000_000;

export interface BuildContext {
  locationUuid: string;
  userId: string;
  name: string;
  /** Roles this person may work at this location (empty when the roster does not know them). */
  roles: StaffRole[];
  row: LiveRow | null;
  now: number;
  /** The venue's zone: times in refusals are the venue's wall clock, not the host machine's. */
  timezone: string | null;
}

export function buildPunches(input: PunchInput, c: BuildContext): PunchDraft[] {
  const clock = (ms: number) => clockTime(ms, c.timezone);
  const base = {
    locationUuid: c.locationUuid,
    userId: c.userId,
    name: c.name,
    capturedAt: c.now,
    declaredTips: null,
    breakType: null,
  };
  const id = input.punchId ?? randomUUID();
  const { row } = c;
  switch (input.action) {
    case 'punch-in': {
      if (row) throw conflict('shift', `You are already on shift (since ${clock(row.shiftStart)})`);
      const role = pickRole(input.role, c.roles);
      return [
        {
          ...base,
          id,
          kind: 'shift-start',
          role: role.role,
          roleUuid: role.roleUuid,
          shift: { local: `shift-${randomUUID()}` },
          brk: null,
        },
      ];
    }
    case 'break-start':
      if (!row) throw notOnShift(false);
      if (row.breakStart !== null)
        throw conflict('break', `You are already on a break (since ${clock(row.breakStart)})`);
      return [
        {
          ...base,
          id,
          kind: 'break-start',
          role: row.role ?? c.roles[0]?.role ?? null,
          roleUuid: c.roles.find((r) => r.role === row.role)?.roleUuid ?? null,
          shift: row.shiftRef,
          brk: { local: `break-${randomUUID()}` },
          // The service keeps paid or unpaid; the kind (meal, rest) stays on the hub. A rest is
          // paid and a meal unpaid unless the kiosk says otherwise.
          breakType: (input.breakPaid ?? input.breakKind === 'rest') ? 'paid_break' : 'unpaid_break',
        },
      ];
    case 'break-end':
      if (!row || row.breakStart === null || !row.breakRef) throw notOnShift(true);
      return [
        { ...base, id, kind: 'break-end', role: row.role, roleUuid: null, shift: row.shiftRef, brk: row.breakRef },
      ];
    case 'punch-out': {
      if (!row) throw notOnShift(false);
      const tips = input.declaredTipsCents ?? 0;
      if (!Number.isInteger(tips) || tips < 0 || tips > MAX_TIPS_CENTS)
        throw new AppError('invalid', 'Declared tips must be an amount from $0 to $100,000', {
          field: 'declaredTipsCents',
        });
      const out: PunchDraft[] = [];
      if (row.breakStart !== null && row.breakRef) {
        out.push({
          ...base,
          id: randomUUID(),
          kind: 'break-end',
          role: row.role,
          roleUuid: null,
          shift: row.shiftRef,
          brk: row.breakRef,
        });
      }
      out.push({
        ...base,
        id,
        kind: 'shift-end',
        role: row.role,
        roleUuid: null,
        shift: row.shiftRef,
        brk: null,
        declaredTips: tips,
      });
      return out;
    }
  }
}

function pickRole(wanted: StaffRole | undefined, roles: StaffRole[]): StaffRole {
  if (wanted) {
    const known = roles.find((r) => r.role === wanted.role || (wanted.roleUuid && r.roleUuid === wanted.roleUuid));
    if (roles.length > 0 && !known)
      throw new AppError('invalid', `You are not set up to work as ${wanted.role} here; ask a manager`, {
        field: 'role',
      });
    return known ?? wanted;
  }
  if (roles.length === 1) return roles[0];
  throw new AppError(
    'invalid',
    roles.length === 0 ? 'You have no role at this location; ask a manager' : 'Choose the role you are working',
    { field: 'role' },
  );
}

function notOnShift(onBreak: boolean): AppError<'not-on-shift'> {
  return new AppError('not-on-shift', onBreak ? 'You are not on a break' : 'You are not on shift', { onBreak });
}

function conflict(what: 'shift' | 'break', message: string): AppError<'conflict'> {
  return new AppError('conflict', message, { what });
}
