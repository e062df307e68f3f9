// Plain builders for the pay and punch tests: a worked shift as the timesheet lists it, a person's
// wages, a punch as a kiosk captures it, and an outbox in a test's folder. No sandbox and no vitest,
// so each test shows only what it changes from these.
import type { TimesheetRow } from '../../shared/labor';
import type { PersonPay, Wage } from '../../shared/labor-pay';
import { Outbox } from '../../electron/core/labor/outbox';
import type { Punch } from '../../electron/core/labor/punch';

export const HOUR = 3_600_000;

/** The people these tests pay, by user id. */
const NAMES: Record<string, string> = { j: 'Jordan Lee', s: 'Sam Rivera', m: 'Morgan' };

export const nameOf = (userId: string): string => NAMES[userId] ?? userId;

/** A closed shift of `hours` from 14:00 UTC on `day`, which is also its business day. */
export function workedShift(userId: string, role: string, day: string, hours: number): TimesheetRow {
  const punchIn = Date.parse(`${day}T14:00:00Z`);
  return {
    uuid: `${userId}-${day}`,
    kind: 'shift',
    shiftUuid: null,
    punchType: 'shift',
    userId,
    role,
    roleUuid: null,
    punchIn,
    punchOut: punchIn + hours * HOUR,
    declaredTips: null,
    fiscalDay: day,
    created: punchIn,
    name: nameOf(userId),
    audit: [],
  };
}

type WageFrom = Partial<Pick<Wage, 'role' | 'from'>>;

/** An hourly wage for every role from the start of time, unless `role` or `from` say otherwise. */
export const hourly = (cents: number, over: WageFrom = {}): Wage => ({
  role: null,
  kind: 'hourly',
  cents,
  per: 'hour',
  from: null,
  ...over,
});

/** A weekly salary for every role from the start of time, unless `role` or `from` say otherwise. */
export const weeklySalary = (cents: number, over: WageFrom = {}): Wage => ({
  role: null,
  kind: 'salaried',
  cents,
  per: 'week',
  from: null,
  ...over,
});

/** The pay table the calculations read: each person's payroll id and wages. */
export function payTable(
  people: { userId: string; payrollId: string | null; wages: Wage[] }[],
): Map<string, PersonPay> {
  return new Map(people.map((p) => [p.userId, p]));
}

export type NewPunch = Omit<Punch, 'seq'>;

/**
 * A punch builder with its own counter (ids p1, p2, … and capture times after 1 000 ms): at location
 * `loc`, in the shift `s-<userId>` unless told, so one person's punches belong together.
 */
export function punchMaker(
  base: Partial<NewPunch> = {},
): (over: Partial<Punch> & Pick<Punch, 'kind' | 'userId'>) => NewPunch {
  let counter = 0;
  return (over) => {
    counter += 1;
    return {
      id: `p${counter}`,
      locationUuid: 'loc',
      name: over.userId,
      capturedAt: 1_000 + counter,
      role: 'bartender',
      roleUuid: null,
      shift: { local: `s-${over.userId}` },
      brk: null,
      breakType: null,
      declaredTips: null,
      ...base,
      ...over,
    };
  };
}

/** An outbox on `dir` whose clock reads `now` (5 000 ms unless told) and that settles 100 ms after a send. */
export function testOutbox(dir: string, now: () => number = () => 5_000): Outbox {
  return new Outbox({ dir, now, settleAfterAttemptMs: 100 });
}
