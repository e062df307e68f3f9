// `npm run test:readings -- --runs N [--seed S]`: the property test of the client under random
// readings of the spec (test/unit/readings-property.test.ts) with more runs than CI's 50, or
// replaying a printed seed.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = value('--runs') ?? '50';
const seed = value('--seed');
if (!/^\d+$/.test(runs) || (seed !== undefined && !/^\d+$/.test(seed))) {
  console.error('usage: npm run test:readings -- [--runs N] [--seed S]');
  process.exit(2);
}
console.log(`readings property test: ${runs} runs${seed ? `, seed ${seed}` : ''}`);
const result = spawnSync('npx', ['vitest', 'run', 'test/unit/readings-property.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, VENUE_READINGS_RUNS: runs, ...(seed ? { VENUE_READINGS_SEED: seed } : {}) },
});
process.exit(result.status ?? 1);
