// Issue 9 §4 "Check this service": read-only probes against both sandbox readings, through the
// real core over HTTP, and the host's --check mode printing the same report.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs, signInManager } from '../support';
import { cliScript } from '../support/cli-process';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import {
  startSandbox,
  otherReadings,
  defaultReadings,
  SEED_LOCATIONS,
  type RunningSandbox,
  type SandboxReadings,
} from '../../electron/sandbox';
import { addLaborEntry } from './labor-test-kit';
import type { ServiceCheckReport } from '../../shared/domain';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const dirs = tempDirs('venue-check-');
function tempDir(): string {
  if (!cleanups.includes(dirs.removeAll)) cleanups.push(dirs.removeAll);
  return dirs.make();
}

/** A "real service" with a closed shift (tips declared), its break, and Harbour subscribed. */
async function service(readings: SandboxReadings): Promise<RunningSandbox> {
  const s = await startSandbox({ readings });
  cleanups.push(() => s.close());
  // A service that keeps minutes stores its punches on the minute.
  const start =
    Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000 + (readings.punchPrecision === 'minute' ? 0 : 17_000);
  const bartender = { userId: '2002', role: 'bartender' } as const;
  const shift = addLaborEntry(s, {
    ...bartender,
    punchInMs: start,
    punchOutMs: start + 2 * 3_600_000,
    declaredTips: 1250,
  });
  addLaborEntry(s, {
    ...bartender,
    breakOf: shift.uuid,
    punchInMs: start + 3_600_000,
    punchOutMs: start + 3_900_000,
    createdMs: start,
  });
  return s;
}

async function check(readings: SandboxReadings): Promise<ServiceCheckReport> {
  const s = await service(readings);
  const app = await createApp({
    dataDir: tempDir(),
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    serviceUrl: s.baseUrl,
    defaultRedirectPort: 47_698,
  });
  cleanups.push(() => app.stop());
  await app.start();
  await signInManager(app.handlers);
  await app.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  return app.handlers.checkService();
}

const saw = (report: ServiceCheckReport, point: string) =>
  report.lines.find((l) => l.point === point)?.saw ?? `(no ${point})`;

describe('Check this service', () => {
  it('under the default reading: uuids, full location fields, one answer, seconds, cents', async () => {
    const report = await check(defaultReadings);
    expect(report.lines.every((l) => l.ok)).toBe(true);
    expect(saw(report, 'Location fields')).toMatch(/present: subscribed, timezone/);
    expect(saw(report, 'Time zone')).toMatch(/America\//);
    expect(saw(report, 'Location paging')).toMatch(/complete \(one answer/);
    expect(saw(report, 'Punch types')).toMatch(/shift/);
    expect(saw(report, 'Punch types')).not.toMatch(/SHIFT/);
    expect(saw(report, 'Shift ids')).toMatch(/breaks' time_shift_id: uuids; shifts' time_shift_id: (null|absent)/);
    expect(saw(report, 'Punch precision')).toBe('seconds kept');
    expect(saw(report, 'Money: open number fields')).toMatch(
      /declared_tips in GET .*: whole numbers, cents or whole dollars/,
    );
    expect(report.register).toMatchObject({ redirectUrl: 'http://127.0.0.1:47698/callback', headerPrefix: 'Service' });
    expect(report.register.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
  });

  it('under the other reading: numeric ids, bare locations, upper-case types, minutes, dollars', async () => {
    const report = await check(otherReadings);
    expect(saw(report, 'Location fields')).toBe('no subscribed, timezone or feature flags');
    expect(saw(report, 'Time zone')).toBe('not shown');
    expect(saw(report, 'Punch types')).toMatch(/SHIFT/);
    expect(saw(report, 'Shift ids')).toMatch(/breaks' time_shift_id: numbers; shifts' time_shift_id: numbers/);
    expect(saw(report, 'Punch precision')).toMatch(/on the minute/);
    expect(saw(report, 'Money: open number fields')).toMatch(/with a fraction \(e.g. [0-9.]+\): dollars/);
  });

  it('says at once when the credentials do not work, and stops there', async () => {
    const s = await service(defaultReadings);
    const app = await createApp({
      dataDir: tempDir(),
      runtime: 'headless',
      serviceUrl: s.baseUrl,
      accessId: 'nobody',
      accessSecret: 'wrong',
    });
    cleanups.push(() => app.stop());
    await app.start();
    const report = await app.handlers.checkService();
    expect(report.lines).toHaveLength(1);
    expect(report.lines[0]).toMatchObject({ point: 'Credentials', ok: false });
  });

  it('the host --check prints the same report and exits', async () => {
    const s = await service(otherReadings);
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      [cliScript('electron/host/cli.ts'), '--check', '--data-dir', tempDir(), '--service-url', s.baseUrl],
      { timeout: 60_000 },
    );
    expect(stdout).toMatch(/^Check of http:\/\/127\.0\.0\.1:\d+ at /);
    expect(stdout).toMatch(/- Punch types: time_punch_type: SHIFT/);
    expect(stdout).toMatch(/sign-in redirect URL: http:\/\/127\.0\.0\.1:47613\/callback/);
    expect(stdout).toMatch(/header prefix: Service/);
  }, 90_000);
});
