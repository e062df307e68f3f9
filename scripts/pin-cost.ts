// `npx tsx scripts/pin-cost.ts [--people 40] [--samples 20]`: what a PIN check costs on this
// machine, and so what an offline guess costs a thief. Prints CPU time (which the machine's load
// inflates less than wall time) for:
//   - one scrypt derivation (r 8, p 1) at several costs N;
//   - a sign-in on a roster of `people` with PINs, by the venue's lookup tag (pin-lookup.ts), and
//     the same roster as stored before tags (every salted hash in turn);
//   - an offline search of all 10 000 4-digit PINs against a stolen kiosk's cached copy, where one
//     pass over the venue's tag finds every tagged person's PIN at once, on one core.
// docs/security.md and docs/performance.md quote its figures.
import { scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Roster } from '../electron/core/labor/roster';
import { DEFAULT_SCRYPT_N } from '../electron/core/labor/pin-hash';

const { values } = parseArgs({
  options: { people: { type: 'string', default: '40' }, samples: { type: 'string', default: '20' } },
});
const people = Number(values.people);
const samples = Number(values.samples);

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function deriveMs(N: number): number {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.cpuUsage();
    scryptSync(String(1000 + i), 'salt-of-16-bytes', 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
    times.push(cpuMs(start));
  }
  return median(times);
}

async function signInMs(roster: Roster, pins: string[]): Promise<{ median: number; worst: number }> {
  const times: number[] = [];
  for (const pin of pins) {
    const start = process.cpuUsage();
    if (!(await roster.identifyByPin(pin))) throw new Error(`PIN ${pin} found nobody`);
    times.push(cpuMs(start));
  }
  return { median: median(times), worst: Math.max(...times) };
}

async function main(): Promise<void> {
  console.log(`machine: load ${loadavg()[0].toFixed(1)} (1 min), ${new Date().toISOString()}`);
  const costs = [8192, 16384, 32768, 65536];
  const perN = new Map(costs.map((N) => [N, deriveMs(N)]));
  for (const [N, ms] of perN)
    console.log(
      `[figure] scrypt N=${N} r=8: ${ms.toFixed(1)} ms CPU per derivation; 10 000 PINs ${((ms * 10_000) / 60_000).toFixed(1)} min on one core`,
    );

  const dir = mkdtempSync(join(tmpdir(), 'venue-pin-cost-'));
  try {
    const roster = new Roster(dir, DEFAULT_SCRYPT_N);
    const pins = Array.from({ length: people }, (_, i) => String(6000 + i));
    for (let i = 0; i < people; i++) {
      roster.upsert({ userId: `u${i}`, name: `Person ${i}`, manager: i === 0, roles: [] });
      await roster.setPin(`u${i}`, pins[i]);
    }
    const tagged = await signInMs(roster, pins);
    // The same people as a staff list written before tags: every salted hash in turn.
    const path = join(dir, 'labor-staff.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { tagSalt?: string; staff: { pinTag?: unknown }[] };
    delete file.tagSalt;
    for (const s of file.staff) delete s.pinTag;
    writeFileSync(path, JSON.stringify(file));
    const scan = await signInMs(new Roster(join(dir, '.'), DEFAULT_SCRYPT_N), pins.slice().reverse());
    console.log(
      `[figure] sign-in, ${people} people, N=${DEFAULT_SCRYPT_N}: by tag median ${tagged.median.toFixed(0)} ms CPU (worst ${tagged.worst.toFixed(0)}); ` +
        `untagged scan median ${scan.median.toFixed(0)} ms (worst ${scan.worst.toFixed(0)}, each then tagged)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const one = perN.get(DEFAULT_SCRYPT_N) as number;
  console.log(
    `[figure] offline guess of a 4-digit PIN against a kiosk's cached copy (N=${DEFAULT_SCRYPT_N}): ` +
      `${((one * 10_000) / 60_000).toFixed(1)} min on one core of this machine for every tagged person at once ` +
      `(${((one * 5_000) / 60_000).toFixed(1)} min on average); with per-person hashes only it would be that for each person`,
  );
}

void main();
