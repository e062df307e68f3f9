// The practice venue is the app's own sandbox: its money units are known (its reading of the spec),
// so they are decided the moment the app connects to it, with nobody confirming anything. A real
// service's are not: they start not decided, whatever the practice venue had. Real core, real
// sandboxes over HTTP, real files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultReadings, startSandbox } from '../../electron/sandbox';
import type { AppSnapshot } from '../../shared/domain';
import { MONEY_FAMILIES, PRACTICE_READING, type MoneyUnitsView } from '../../shared/money-units';
import { signInManager, waitUntil } from '../support';
import { call, ok, connectRemote } from '../support/dispatch';
import { testCores } from '../support/test-cores';

const cores = testCores('venue-practice-money-');
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
});

/** The money units as the screen gets them: in the first snapshot's tabs settings. */
async function shown(a: Parameters<typeof call>[0]): Promise<MoneyUnitsView> {
  return (await ok<AppSnapshot>(call(a, 'getSnapshot'))).tabs!.settings.money;
}

const undecided = { unit: 'cents', source: 'default', evidence: null, conflict: null };

describe("the practice venue's money units", () => {
  it('are decided as its reading has them, without a manager; a real service still starts not decided', async () => {
    const dataDir = cores.dir();
    const a = await cores.start({ dataDir, sandboxOptions: { readings: { ...defaultReadings } } });
    const practice = await shown(a);
    for (const family of MONEY_FAMILIES)
      expect(practice[family], family).toMatchObject({
        unit: 'cents',
        source: 'detected',
        evidence: { field: PRACTICE_READING, saw: expect.stringMatching(/practice venue .* whole cents/) },
        conflict: null,
      });
    // Held in memory only: the file is the real service's.
    expect(existsSync(join(dataDir, 'tabs', 'money-units.json'))).toBe(false);

    // A choice made while practising lasts while on the practice venue, and stays there.
    await signInManager(a.handlers);
    await ok(call(a, 'tabsSetMoneyUnit', 'numbers', 'dollars'));
    expect((await shown(a)).numbers).toMatchObject({ unit: 'dollars', source: 'chosen' });

    // Off to a real service: nothing is decided there yet.
    const service = await startSandbox();
    closing.push(() => service.close());
    await connectRemote(a, service.baseUrl);
    const remote = await shown(a);
    for (const family of MONEY_FAMILIES) expect(remote[family], family).toEqual(undecided);

    // Back on the practice venue: decided again, at once.
    await ok(call(a, 'saveConnection', { mode: 'sandbox' }));
    expect((await shown(a)).numbers).toMatchObject({ unit: 'cents', source: 'detected' });
  });

  it("follow the practice venue's own reading: dollars where it reads dollars", async () => {
    const a = await cores.start({ sandboxOptions: { readings: { ...defaultReadings, moneyNumbers: 'dollars' } } });
    const units = await shown(a);
    expect(units.numbers).toMatchObject({ unit: 'dollars', source: 'detected' });
    expect(units.numbers.evidence?.saw).toMatch(/decimal dollars/);
    expect(units.sent).toMatchObject({ unit: 'cents', source: 'detected' });
    expect(units.answers).toMatchObject({ unit: 'cents', source: 'detected' });
    // Declared tips (a "number" field) are read in that unit by labor too.
    expect(a.tabs.money.unitOf('declared_tips')).toBe('dollars');
  });

  it('a core started on a real service: not decided', async () => {
    const service = await startSandbox();
    closing.push(() => service.close());
    const a = await cores.start({ serviceUrl: service.baseUrl, setup: 'none' });
    await waitUntil(() => a.connection.status().reachability === 'ok');
    const units = await shown(a);
    for (const family of MONEY_FAMILIES) expect(units[family], family).toEqual(undecided);
  });
});
