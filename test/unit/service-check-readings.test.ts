// "Check this service" against generated readings: for each open point the report must name the
// reading the sandbox was set to, or say it cannot tell where the answers cannot show it (whole
// tips in cents); a wrong name fails. One sandbox, reset and switched to each drawn reading. The
// signature header shows only in deliveries: the check is given the one the sandbox would send.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandboxForSuite, demoClient, addLaborEntry } from './labor-test-kit';
import { namedReadings, READING_SPACE, type SandboxReadings } from '../../electron/sandbox/readings';
import { checkService } from '../../electron/core/connection/service-check';
import { describeReadings, readingsArbitrary } from '../support/readings-arbitrary';
import { signatureHeader } from '../../electron/sandbox/webhooks/envelope';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempDirs, waitUntil, signInManager } from '../support';

const RUNS = Number(process.env.VENUE_CHECK_RUNS ?? 24);
const SEED = process.env.VENUE_READINGS_SEED ? Number(process.env.VENUE_READINGS_SEED) : Date.now() % 2 ** 31;
const SHIFTS = 24;

const rig = sandboxForSuite();

/** Closed shifts, each with a break and $12.50 of tips, at every location the integration may read. */
function seed(r: SandboxReadings): void {
  const integration = [...rig.sb.world.integrations.values()][0];
  const cut = (ms: number) => (r.punchPrecision === 'minute' ? Math.floor(ms / 60_000) * 60_000 : ms);
  for (const location of integration.authorizedLocationUuids) {
    integration.subscribedLocationUuids.add(location);
    for (let i = 0; i < SHIFTS / 2; i++) {
      const start = cut(rig.sb.world.clock.nowMs() - (i + 2) * 3_600_000 + 17_345);
      const bartender = { userId: '2004', role: 'bartender', locationUuid: location } as const;
      const shift = addLaborEntry(rig.sb, {
        ...bartender,
        punchInMs: start,
        punchOutMs: cut(start + 50 * 60_000 + 3_000),
        declaredTips: 1250,
      });
      addLaborEntry(rig.sb, {
        ...bartender,
        breakOf: shift.uuid,
        punchInMs: cut(start + 10 * 60_000 + 5_000),
        punchOutMs: cut(start + 20 * 60_000 + 9_000),
        createdMs: start,
      });
    }
  }
}

/** The marker a client sees for a list of `rows` rows under reading `r` (a body marker is lost in a bare array). */
function pagingOf(r: SandboxReadings, rows: number): string {
  if (r.pageSize === 0 || rows <= r.pageSize) return 'one answer';
  if (r.pageMarker === 'none') return 'none';
  if (r.wrapping === 'bare' && r.pageMarker !== 'link-header') return 'none';
  return r.pageMarker;
}

async function expectReportNames(r: SandboxReadings): Promise<void> {
  rig.sb.world.reset();
  rig.sb.world.readings = { ...r };
  seed(r);
  const client = demoClient(rig.sb);
  try {
    const report = await checkService({
      client,
      baseUrl: rig.sb.baseUrl,
      signedIn: false,
      redirectUrl: null,
      webhookUrl: null,
      headerPrefix: 'Service',
      signatures: [signatureHeader('{"type":"ITEM_ADDED"}', 'whsec-check', r.signatureForm)],
    });
    const found = Object.fromEntries(report.lines.map((l) => [l.point, l.found]));
    const fractionPrices = rig.sb.world.products.some((p) => p.priceCents % 100 !== 0);
    const locations = [...rig.sb.world.integrations.values()][0].authorizedLocationUuids.size;
    expect(found, describeReadings(r)).toEqual(
      expect.objectContaining({
        'List shape': r.wrapping,
        'Location paging': pagingOf(r, locations),
        'Location fields': r.locationFields,
        'Labor list shape': r.wrapping,
        'Labor paging': pagingOf(r, SHIFTS),
        'Punch types': r.punchTypeCase,
        'Shift ids': r.shiftId,
        // Times without an offset name their meaning only from evidence; never the wrong one.
        'Labor times': r.timeForm === 'utc' ? 'utc' : expect.toBeOneOf([r.timeForm, 'cannot tell']),
        'Punch precision': r.punchPrecision,
        Roles: r.roleForm,
        'Money: open number fields': r.moneyNumbers === 'dollars' ? 'dollars' : 'cannot tell',
        // Dollars show in a fraction, or in a decimal string ("8.00") whatever the amount.
        'Money: amounts read back':
          r.moneyAnswers === 'dollars' && r.extraRoutes === 'present' && (fractionPrices || r.moneyText === 'string')
            ? 'dollars'
            : 'cannot tell',
        // A read never shows how payments are read.
        'Money: amounts sent in': 'cannot tell',
        // The seeded tips (and catalog prices) as numbers or decimal strings.
        'Money: written as': r.moneyText,
        // A labor entry by a fresh uuid is refused: with a status, or 200 and a body of that form.
        Refusals: r.refusalAnswer,
        // Location ids: numbers, numeric strings, or beyond 2^53 (kept as strings, never rounded).
        'Location ids': r.idForm === 'number-beyond-2^53' ? 'beyond 2^53' : r.idForm,
        'Webhook signatures': r.signatureForm,
      }),
    );
    // What the check saw decides the one setting it proposes, applied with one click in Settings.
    const confirm = Object.fromEntries(report.lines.map((l) => [l.point, l.confirm?.setting ?? null]));
    expect(confirm['Money: open number fields'], 'numbers to confirm').toEqual(
      r.moneyNumbers === 'dollars' ? { kind: 'money-unit', family: 'numbers', unit: 'dollars' } : null,
    );
    expect(confirm['Money: amounts sent in'], 'nothing to propose for amounts sent in').toBeNull();
    // Times without an offset and no zone shown: the check names the setting the app needs.
    const times = report.lines.find((l) => l.point === 'Labor times');
    if (r.timeForm === 'local' && r.locationFields === 'bare')
      expect(times?.assume, 'the setting to confirm').toMatch(/cannot be read until .* time zone is set in Settings/);
    else if (r.timeForm === 'local') expect(times?.assume).toMatch(/America\/New_York wall-clock times/);
    // The shifts seeded hours ago would start in the future as New York times: the Date shows UTC.
    if (r.timeForm === 'utc-no-offset' && r.locationFields === 'full') expect(times?.found).toBe('utc-no-offset');
  } finally {
    client.dispose();
  }
}

describe('Check this service names the reading', () => {
  it('under the default reading', () => expectReportNames(namedReadings('default')));
  it('with no delivery kept, it cannot tell the signature header', async () => {
    rig.sb.world.reset();
    rig.sb.world.readings = namedReadings('default');
    const client = demoClient(rig.sb);
    try {
      const input = { client, baseUrl: rig.sb.baseUrl, signedIn: false, redirectUrl: null, webhookUrl: null };
      for (const signatures of [undefined, [], [null]]) {
        const report = await checkService({ ...input, headerPrefix: 'Service', signatures });
        const line = report.lines.find((l) => l.point === 'Webhook signatures');
        expect(line?.found, JSON.stringify(signatures)).toBe('cannot tell');
      }
    } finally {
      client.dispose();
    }
  });
  it('under the other reading', () => expectReportNames(namedReadings('other')));
  it(`under ${RUNS} generated readings (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(readingsArbitrary(), async (r) => {
        try {
          await expectReportNames(r);
        } catch (error) {
          throw new Error(`seed ${SEED}: ${String(error)}`, { cause: error });
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);

  it('names the signature header of the newest delivery the app’s listener kept', async () => {
    const dirs = tempDirs('venue-check-signatures-');
    const app = await createApp({ dataDir: dirs.make(), runtime: 'headless', secrets: new MemorySecretStore() });
    try {
      await app.start();
      await signInManager(app.handlers);
      await app.handlers.subscribeLocations(['1c000000-0000-4000-8000-000000000001'], 'integration');
      const signatures = async () =>
        (await app.handlers.checkService()).lines.find((l) => l.point === 'Webhook signatures')?.found;
      expect(await signatures(), 'no delivery yet').toBe('cannot tell');
      for (const [i, form] of READING_SPACE.signatureForm.entries()) {
        app.sandbox()!.world.readings.signatureForm = form;
        await app.handlers.triggerSandboxEvent({ type: 'OPEN_TAB' });
        await waitUntil(() => app.webhooks.counters().verified === i + 1);
        expect(await signatures(), form).toBe(form);
      }
    } finally {
      await app.stop();
      dirs.removeAll();
    }
  });
});
