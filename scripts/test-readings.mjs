// `npm run test:readings -- --runs N [--seed S]`: the property tests of the client under random
// readings of the spec (test/unit/readings-property.test.ts: labor; readings-tabs-property.test.ts:
// passes, gift cards, refunds, webhooks and money units) with more runs than CI's 50 (30 + 20), or
// replaying a printed seed. N is split between the two, half each; the time taken is printed.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = value('--runs') ?? '50';
const seed = value('--seed') ?? String(Date.now() % 2 ** 31);
if (!/^\d+$/.test(runs) || !/^\d+$/.test(seed)) {
  console.error('usage: npm run test:readings -- [--runs N] [--seed S]');
  process.exit(2);
}
const labor = Math.ceil(Number(runs) / 2);
const tabs = Number(runs) - labor;
console.log(`readings property tests: ${runs} runs (${labor} labor, ${tabs} tabs), seed ${seed}`);
const started = Date.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'test/unit/readings-property.test.ts', 'test/unit/readings-tabs-property.test.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      VENUE_READINGS_RUNS: String(labor),
      VENUE_READINGS_TABS_RUNS: String(tabs),
      VENUE_READINGS_SEED: seed,
    },
  },
);
console.log(`readings property tests: ${runs} runs, seed ${seed}, in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
