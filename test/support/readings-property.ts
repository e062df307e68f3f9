// The runner both readings property tests share: the named readings as fixed cases, then a seeded
// fast-check property over random readings and a drawn scenario. The seed is in the test's name and
// in every failure (with the reading and the scenario), so `VENUE_READINGS_SEED=S` replays it.
import fc from 'fast-check';
import { it } from 'vitest';
import { namedReadings, type SandboxReadings } from '../../electron/sandbox/readings';
import { describeReadings, readingsArbitrary } from './readings-arbitrary';

/** VENUE_READINGS_SEED when set, else a fresh one; the same for every property test of a run. */
export const READINGS_SEED = process.env.VENUE_READINGS_SEED
  ? Number(process.env.VENUE_READINGS_SEED)
  : Date.now() % 2 ** 31;

/** The number of random readings from `envName` (npm run test:readings sets it), else `fallback`. */
export function readingsRuns(envName: string, fallback: number): number {
  const raw = process.env[envName];
  return raw === undefined || raw === '' ? fallback : Number(raw);
}

export interface ReadingsProperty<S> {
  /** One run: a fresh client under `readings`, through `scenario`; throws when an invariant breaks. */
  runOnce: (readings: SandboxReadings, scenario: S) => Promise<void>;
  scenario: fc.Arbitrary<S>;
  /** The scenario the fixed cases run: both named readings, then `more`, each a test of its own. */
  plain: S;
  /** Chosen readings beyond the two named ones. */
  more?: { name: string; readings: SandboxReadings }[];
  runs: number;
  /** Time one run may take at most: a bound on a hung run, not a speed expectation. */
  perRunMs: number;
}

/** Registers the fixed cases and the random property as tests of the enclosing describe. */
export function readingsProperty<S>(p: ReadingsProperty<S>): void {
  const fixed = [
    { name: 'the default reading (fixed case)', readings: namedReadings('default') },
    { name: 'the other reading (fixed case)', readings: namedReadings('other') },
    ...(p.more ?? []),
  ];
  for (const c of fixed) it(c.name, () => p.runOnce(c.readings, p.plain), p.perRunMs);
  it(
    `${p.runs} random readings (seed ${READINGS_SEED})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(readingsArbitrary(), p.scenario, async (readings, scenario) => {
          try {
            await p.runOnce(readings, scenario);
          } catch (error) {
            throw new Error(
              `seed ${READINGS_SEED}: under ${describeReadings(readings)} with ${JSON.stringify(scenario)}: ${String(error)}`,
              { cause: error },
            );
          }
        }),
        { numRuns: p.runs, seed: READINGS_SEED, endOnFailure: true },
      );
    },
    Math.max(1, p.runs) * p.perRunMs,
  );
}
