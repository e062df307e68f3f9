// The client under random readings of the spec's open points (fast-check over READING_SPACE): one
// sandbox, reset before each run and switched to the drawn reading, and a new kiosk core on a fresh
// data folder. Each run punches a shift with a break through one-shot faults, reads a list that may
// be paged any way, and the locations. Invariants: no punch doubled or lost; every row listed or
// the list marked incomplete; tips equal to what was entered; times equal to the service's instants
// (this process runs on Tokyo time, the venue on New York's). The two named readings are fixed cases.
// VENUE_READINGS_RUNS (default 30; 20 more in readings-tabs-property.test.ts) and VENUE_READINGS_SEED set the run; `npm run test:readings --
// --runs N [--seed S]` runs more. A failure names the seed and the reading.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, vi } from 'vitest';
import { SEED_ROLES } from '../../electron/sandbox';
import type { SandboxReadings } from '../../electron/sandbox/readings';
import type { FaultMode } from '../../electron/sandbox/faults';
import { listAllEntries } from '../../electron/core/labor/labor-api';
import { readingsProperty, readingsRuns } from '../support/readings-property';
import { drained, entriesAt, startLabor, tempDir, sandboxForSuite, addLaborEntry } from './labor-test-kit';

const RUNS = readingsRuns('VENUE_READINGS_RUNS', 30);
const ENTRIES = '/api/loc/:location/labor/entries';
const ENTRY = '/api/loc/:location/labor/entries/:entry';
const MINUTE = 60_000;

const rig = sandboxForSuite({ timeZone: 'Asia/Tokyo' });

interface Scenario {
  /** One-shot faults on the shift's POST, the break's POST and the punch-out's PATCH. */
  faults: [FaultMode | null, FaultMode | null, FaultMode | null];
  tipsCents: number;
  /** Earlier closed shifts on the service, so the list is paged whatever the reading's page size. */
  earlier: number;
}

const fault = fc.constantFrom<FaultMode | null>(null, 'status500', 'reset', 'commit-lose-response', 'commit-then-504');
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  faults: fc.tuple(fault, fault, fault),
  tipsCents: fc.integer({ min: 0, max: 20_000 }),
  earlier: fc.integer({ min: 0, max: 45 }),
});

function seedEarlier(count: number): void {
  const now = rig.sb.world.clock.nowMs();
  for (let i = 0; i < count; i++) {
    const start = now - (count - i + 5) * 2 * MINUTE - 7_123;
    addLaborEntry(rig.sb, { punchInMs: start, punchOutMs: start + MINUTE + 4_321, declaredTips: i * 37 });
  }
}

/** Whether a list of `rows` under this reading names its next pages in a way the reader is held to follow. */
function followable(r: SandboxReadings, rows: number): boolean {
  if (r.pageSize === 0) return true;
  if (rows <= r.pageSize) return false;
  if (r.pageMarker === 'none' || r.pageMarker === 'has_more') return false;
  return r.wrapping !== 'bare' || r.pageMarker === 'link-header';
}

async function runOnce(readings: SandboxReadings, s: Scenario): Promise<void> {
  rig.sb.world.reset();
  rig.sb.world.readings = { ...readings };
  seedEarlier(s.earlier);
  const dir = tempDir('venue-readings-');
  // No fault here delays an answer, so requests keep a service's ordinary timeout rather than the
  // labor kit's short one (made for delay faults), which a loaded machine can exceed on any read.
  // For the same reason the settle wait after a 5xx can be short: the sandbox answers a 500 or a
  // 504 only once its work is done, so the read that follows already sees any commit. The read
  // before any second send is what the property proves, and it happens whatever the wait.
  const running = await startLabor(rig.sb, dir, { demoStaff: true, tuning: { timeoutMs: 15_000, settleMs: 100 } });
  const { labor, client } = running;
  const add = (route: string, mode: FaultMode | null) => {
    if (mode) rig.sb.world.faults.add({ route, mode, count: 1 });
  };
  try {
    // A shift with a break, each start through its fault; the kiosk's roster knows the role's uuid.
    add(`POST ${ENTRIES}`, s.faults[0]);
    labor.capture('2004', { action: 'punch-in', role: { role: 'bartender', roleUuid: SEED_ROLES.bartender } });
    await drained(labor);
    add(`POST ${ENTRIES}`, s.faults[1]);
    labor.capture('2004', { action: 'break-start' });
    await drained(labor);

    // The board: the person on break, at the service's instants. A refresh already under way when
    // the drain ended runs once more after it, so wait for the board that has read both entries.
    await labor.refreshBoard();
    const open = entriesAt(rig.sb).filter((e) => e.userId === '2004');
    const shift = open.find((e) => e.shiftUuid === null);
    const brk = open.find((e) => e.shiftUuid !== null);
    await vi.waitFor(
      () => {
        expect(labor.view().board.error, 'board error').toBeNull();
        const row = labor.view().board.rows.find((r) => r.userId === '2004');
        expect(row?.pending, 'board row from the service').toBe(false);
        expect(row?.shiftStart, 'board shift start').toBe(shift?.punchInMs);
        expect(row?.breakStart, 'board break start').toBe(brk?.punchInMs);
        expect(row?.role, 'board role through the roster').toBe('bartender');
      },
      { timeout: 10_000, interval: 20 },
    );

    labor.capture('2004', { action: 'break-end' });
    add(`PATCH ${ENTRY}`, s.faults[2]);
    labor.capture('2004', { action: 'punch-out', declaredTipsCents: s.tipsCents });
    await drained(labor);

    // Nothing doubled or lost: one shift and one break of 2004, closed, the tips as entered.
    const mine = entriesAt(rig.sb).filter((e) => e.userId === '2004');
    expect(
      mine.filter((e) => e.shiftUuid === null),
      'shifts of 2004',
    ).toHaveLength(1);
    expect(
      mine.filter((e) => e.shiftUuid !== null),
      'breaks of 2004',
    ).toHaveLength(1);
    expect(
      mine.every((e) => e.punchOutMs !== null),
      'all closed',
    ).toBe(true);
    expect(mine.find((e) => e.shiftUuid === null)?.declaredTips, 'tips in cents').toBe(s.tipsCents);

    // Every row listed, or the list marked incomplete; each row's times and tips as the service holds them.
    const truth = entriesAt(rig.sb);
    const list = await listAllEntries(labor.apiContext(), { type: 'all', limit: 1000 });
    const byUuid = new Map(list.entries.map((e) => [e.uuid, e]));
    expect(byUuid.size, 'no row twice').toBe(list.entries.length);
    if (list.complete) expect(byUuid.size, 'a complete list has every row').toBe(truth.length);
    // A next page the service names in any of its namings is followed to the end: never a list cut
    // for want of reading the marker (a body marker is lost in a bare array; `none` and `has_more`
    // leave the end to a probe, and so does a list of one page, where no next page was ever named).
    if (followable(readings, truth.length))
      expect(list.complete, 'a list whose next pages are named is read whole').toBe(true);
    for (const t of truth) {
      const seen = byUuid.get(t.uuid);
      if (!seen) continue;
      expect([seen.punchIn, seen.punchOut], `times of ${t.uuid}`).toEqual([t.punchInMs, t.punchOutMs]);
      expect(seen.declaredTips, `tips of ${t.uuid}`).toBe(t.declaredTips);
      expect(seen.kind, `kind of ${t.uuid}`).toBe(t.shiftUuid === null ? 'shift' : 'break');
      if (t.shiftUuid !== null) expect(seen.shiftUuid, `shift of break ${t.uuid}`).toBe(t.shiftUuid);
    }

    // Locations: every one the integration may see, or the list marked incomplete.
    const locations = await client.listAllLocations('integration');
    const authorised = [...rig.sb.world.integrations.values()][0].authorizedLocationUuids;
    if (locations.complete) expect(locations.locations.map((l) => l.uuid).sort()).toEqual([...authorised].sort());
    if (followable(readings, authorised.size))
      expect(locations.complete, 'locations whose next pages are named are read whole').toBe(true);
  } finally {
    await running.stop();
    rig.sb.world.faults.clear();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the client under random readings', () => {
  const plain: Scenario = { faults: ['commit-lose-response', 'reset', 'commit-then-504'], tipsCents: 1250, earlier: 8 };
  readingsProperty({
    runOnce,
    scenario: scenarioArb,
    plain,
    runs: RUNS,
    perRunMs: 20_000,
  });
});
