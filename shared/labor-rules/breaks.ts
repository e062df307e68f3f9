// Required breaks by shift length, per venue, and the flags for a shift that missed one or took it
// short. Pure: the caller gives the shift's worked minutes and its breaks as offsets from the start.

export interface MealRule {
  /** The meal is owed when worked minutes exceed this. */
  whenOver: number;
  /** It must start no later than this many minutes into the shift. */
  startBy: number;
  /** And last at least this long. */
  minMinutes: number;
}

export interface RestRule {
  /** No rest is owed under this many worked minutes. */
  from: number;
  /** One rest per this many worked minutes or major fraction of it (over half). */
  per: number;
  minMinutes: number;
}

export interface BreakRules {
  meals: MealRule[];
  rest: RestRule | null;
}

export type BreakPreset = 'none' | 'california';

export const BREAK_PRESETS: Record<BreakPreset, BreakRules> = {
  none: { meals: [], rest: null },
  // Unpaid 30-minute meals starting by the end of the 5th and the 10th hour; a paid 10-minute rest
  // per 4 hours or major fraction, from 3.5 hours. Waivers are a paper agreement, not modelled here.
  california: {
    meals: [
      { whenOver: 5 * 60, startBy: 5 * 60, minMinutes: 30 },
      { whenOver: 10 * 60, startBy: 10 * 60, minMinutes: 30 },
    ],
    rest: { from: 3.5 * 60, per: 4 * 60, minMinutes: 10 },
  },
};

export interface TakenBreak {
  /** Minutes from the shift's start. */
  startMinute: number;
  minutes: number;
  paid: boolean;
  /**
   * Meal or rest, as chosen at the kiosk. Absent (breaks from before kinds, or entered elsewhere):
   * an unpaid break is read as a meal and a paid one as a rest.
   */
  kind?: 'meal' | 'rest' | null;
}

/** A break's kind: the one chosen, else unpaid = meal, paid = rest. */
export const breakKindOf = (b: Pick<TakenBreak, 'paid' | 'kind'>): 'meal' | 'rest' =>
  b.kind ?? (b.paid ? 'rest' : 'meal');

export type BreakFlag = 'missed-meal' | 'short-meal' | 'missed-rest' | 'short-rest';

export interface BreakCheck {
  flag: BreakFlag;
  /** 1 for the first meal or rest, 2 for the second … */
  nth: number;
}

export function restsOwed(workedMinutes: number, rule: RestRule): number {
  if (workedMinutes < rule.from) return 0;
  const whole = Math.floor(workedMinutes / rule.per);
  return whole + (workedMinutes - whole * rule.per > rule.per / 2 ? 1 : 0);
}

/** The flags for one shift, meals first, in the order they were owed. */
export function checkBreaks(workedMinutes: number, breaks: TakenBreak[], rules: BreakRules): BreakCheck[] {
  const flags: BreakCheck[] = [];
  const meals = breaks.filter((b) => breakKindOf(b) === 'meal').sort((a, b) => a.startMinute - b.startMinute);
  rules.meals.forEach((rule, n) => {
    if (workedMinutes <= rule.whenOver) return;
    // The nth meal owed is met by the nth unpaid break, if it started in time.
    const meal = meals[n];
    if (!meal || meal.startMinute > rule.startBy) flags.push({ flag: 'missed-meal', nth: n + 1 });
    else if (meal.minutes < rule.minMinutes) flags.push({ flag: 'short-meal', nth: n + 1 });
  });
  if (rules.rest) {
    const rule = rules.rest;
    const owed = restsOwed(workedMinutes, rule);
    const rests = breaks.filter((b) => breakKindOf(b) === 'rest').sort((a, b) => a.startMinute - b.startMinute);
    for (let n = 0; n < owed; n++) {
      if (!rests[n]) flags.push({ flag: 'missed-rest', nth: n + 1 });
      else if (rests[n].minutes < rule.minMinutes) flags.push({ flag: 'short-rest', nth: n + 1 });
    }
  }
  return flags;
}

/** "missed-meal 2; short-rest 1", the form the CSV and the timesheet show. */
export function formatBreakFlags(flags: BreakCheck[]): string {
  return flags.map((f) => `${f.flag} ${f.nth}`).join('; ');
}

/** The shortest a break may be under these rules (a meal when unpaid, a rest when paid); null for no minimum. */
export function minimumBreakMinutes(rules: BreakRules, paid: boolean): number | null {
  return minimumForKind(rules, paid ? 'rest' : 'meal');
}

/** The shortest a break of this kind may be: a rest is held to the rest rule, never to a meal's. */
export function minimumForKind(rules: BreakRules, kind: 'meal' | 'rest'): number | null {
  if (kind === 'rest') return rules.rest?.minMinutes ?? null;
  return rules.meals.length ? Math.min(...rules.meals.map((m) => m.minMinutes)) : null;
}
