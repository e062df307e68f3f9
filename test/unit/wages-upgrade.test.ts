// Wages written before they had start dates (labor-wages.json version 1, as release 0.1.0 wrote
// it, test/fixtures/wages-v1), in the data folder of a hub of that release (data-v1): this build
// reads every wage as paid "from always", writes the file anew as version 2 with the original kept
// beside it, raises no data-health notice, and takes a dated raise on top.
import { chmodSync, copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { createApp, type App } from '../../electron/host/create-app';
import { WAGES_FILE } from '../../electron/core/labor/pay/pay-files';
import { freePort, tempDirs } from '../support';
import { copyFixture, fixtureClock } from './data-v1-kit';

const OLD_WAGES = join(process.cwd(), 'test', 'fixtures', 'wages-v1', WAGES_FILE);
const dirs = tempDirs('venue-wages-upgrade-');
let app: App | null = null;
afterEach(async () => {
  await app?.stop();
  app = null;
  dirs.removeAll();
});

describe('wages without start dates, opened by this build', () => {
  it('are paid from always, the file is upgraded to version 2, and a dated raise is taken', async () => {
    const dataDir = dirs.make();
    copyFixture('venue/hub', dataDir);
    copyFileSync(OLD_WAGES, join(dataDir, WAGES_FILE));
    // As the app left it: private to its user.
    chmodSync(join(dataDir, WAGES_FILE), 0o600);
    app = await createApp({
      dataDir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      labor: { scryptN: 1024 },
      hub: { when: 'always', host: '127.0.0.1', port: await freePort(), mdns: false },
      now: fixtureClock(),
    });
    await app.start();
    expect(app.dataHealth.view().notices).toEqual([]);
    const manager = await app.handlers.laborIdentify({ pin: '9999' });
    const people = (await app.handlers.payWages(manager.token)).people;
    expect(people.find((p) => p.userId === '2002')).toMatchObject({
      payrollId: 'SR0001',
      wages: [
        { role: null, kind: 'hourly', cents: 1550, per: 'hour', from: null },
        { role: 'bartender', kind: 'hourly', cents: 1800, per: 'hour', from: null },
      ],
    });
    expect(people.find((p) => p.userId === '2004')?.wages).toEqual([
      { role: null, kind: 'salaried', cents: 5_200_000, per: 'year', from: null },
    ]);
    // Written anew in this build's format; the file as that release wrote it kept beside it.
    expect(JSON.parse(readFileSync(join(dataDir, WAGES_FILE), 'utf8'))).toMatchObject({ version: 2 });
    const kept = readdirSync(dataDir).find((n) => n.startsWith(`${WAGES_FILE}.`) && n !== WAGES_FILE);
    expect(kept && readFileSync(join(dataDir, kept), 'utf8')).toBe(readFileSync(OLD_WAGES, 'utf8'));

    // A raise from a date, beside the wage paid from always.
    const sam = people.find((p) => p.userId === '2002')!;
    const raised = await app.handlers.paySaveWage(manager.token, {
      userId: '2002',
      payrollId: sam.payrollId,
      wages: [...sam.wages, { role: null, kind: 'hourly', cents: 1700, per: 'hour', from: '2026-12-01' }],
    });
    expect(raised.people.find((p) => p.userId === '2002')?.wages).toHaveLength(3);
  });
});
