// The composition both roots share (this headless host and Electron main; the tests too): the
// core, plus the embedded sandbox it may connect to. The core gets the sandbox only as an
// EmbeddedSandbox (a SandboxLink over HTTP); the running instance stays here, for tests.
import { join } from 'node:path';
import { createCore, type AppCore, type CoreOptions } from '../core/app-core';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, type RunningSandbox } from '../sandbox';
import { embeddedSandbox, type EmbeddedSandboxOptions } from './embedded-sandbox';
import { finishRestore } from '../core/backup/restore-switch';

export interface AppOptions extends Omit<CoreOptions, 'sandbox'> {
  /** Port of the embedded sandbox (0 or absent: a free one). */
  sandboxPort?: number;
  /** More options for the embedded sandbox (its clock, readings…). */
  sandboxOptions?: EmbeddedSandboxOptions['sandbox'];
}

export interface App extends AppCore {
  /** The embedded sandbox while the core is connected to it (tests inspect its world). */
  sandbox(): RunningSandbox | null;
}

export async function createApp(options: AppOptions): Promise<App> {
  const { sandboxPort, sandboxOptions, ...coreOptions } = options;
  // The roots finish a committed restore before they read anything of the folder; a composition
  // started some other way (the tests, the bench) meets the same folder they would.
  finishRestore(options.dataDir);
  // The core (and its data-health notices) is made after the sandbox, which is opened only later.
  let made: AppCore | null = null;
  const sandbox = embeddedSandbox({
    port: sandboxPort,
    fetch: options.fetch,
    // The practice venue lives in the data folder: a switch to a real service and back, or a
    // restart, finds it as it was (Settings → Reset practice venue starts it over).
    stateFile: join(options.dataDir, 'practice-venue', 'venue.v8'),
    log: options.log,
    damage: (report) => made?.dataHealth.sink(report),
    sandbox: sandboxOptions,
  });
  const core = await createCore({
    ...coreOptions,
    // A forced URL without credentials is a sandbox started with `npm run sandbox`: the demo ones.
    accessId: options.serviceUrl ? (options.accessId ?? DEMO_ACCESS_ID) : options.accessId,
    accessSecret: options.serviceUrl ? (options.accessSecret ?? DEMO_ACCESS_SECRET) : options.accessSecret,
    sandbox,
  });
  made = core;
  return { ...core, sandbox: () => sandbox.running() };
}
