// Whole headless cores for unit tests, as createApp makes them for the host and Electron: each on a
// temp data folder, its secrets in memory and PINs hashed at the unit tests' scrypt cost. Every core
// made is stopped, and every folder removed, after each test.
import { afterEach } from 'vitest';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import { practiceRosterSeeded } from './dispatch';
import { tempDirs } from './index';

export interface TestCoreOptions extends Partial<AppOptions> {
  /** The device's set-up: a single computer on the practice venue (default), or none (first run). */
  setup?: 'practice' | 'none';
}

export interface TestCores {
  /** A new temp data folder, removed after the test. */
  dir(): string;
  /** A core, not started (a real service's first run has not seeded anyone yet). */
  create(options?: TestCoreOptions): Promise<App>;
  /** A core, started; on the embedded practice venue, once its demo staff (manager PIN 9999) are seeded. */
  start(options?: TestCoreOptions): Promise<App>;
}

export function testCores(prefix: string): TestCores {
  const dirs = tempDirs(prefix);
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (stops.length) await stops.pop()!();
    dirs.removeAll();
  });

  async function create({ setup = 'practice', ...options }: TestCoreOptions = {}): Promise<App> {
    const dataDir = options.dataDir ?? dirs.make();
    if (setup === 'practice') saveDeviceSetup(dataDir, { venue: 'practice', role: 'single', purpose: null });
    const app = await createApp({
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      ...options,
      dataDir,
      labor: { scryptN: 1024, ...options.labor },
    });
    // A test may stop a core itself (to restart on its folder); the clean-up then stops nothing.
    let stopped: Promise<void> | null = null;
    const stop = () => (stopped ??= app.stop());
    stops.push(stop);
    return { ...app, stop };
  }

  async function start(options: TestCoreOptions = {}): Promise<App> {
    const app = await create(options);
    await app.start();
    if (!options.serviceUrl) await practiceRosterSeeded(app);
    return app;
  }

  return { dir: () => dirs.make(), create, start };
}
