// Separate processes for the hub e2e tests: `npm run host -- …` (a hub or a satellite, the built
// JavaScript the e2e step builds first, as a venue runs it) and the sandbox on its own, each with
// its own data folder, all on loopback. Every process started is stopped and its folder removed by
// stopAll().
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';

import { enterPin } from './kiosk-steps';
import { attachScreenErrors, screenErrorsIn } from './fixtures';

export { enterPin };

export const root = resolve(import.meta.dirname, '../..');

export interface Proc {
  child: ChildProcess;
  dir: string;
  url: string;
  err: () => string;
  /** The command line it was started with (named in a failed test's attachments). */
  command: string[];
}

export interface Processes {
  /**
   * The built host (`out/main/host.js`, from `electron/host/cli.ts`) with its own data folder (or
   * `dir`, to start again on one); resolves on its ready line.
   */
  host(args: string[], options?: { dir?: string; env?: NodeJS.ProcessEnv }): Promise<Proc>;
  /** `electron/sandbox/cli.ts` on a port of its choosing; resolves with its base URL. */
  sandbox(): Promise<Proc>;
  /** A new data folder, removed by stopAll(). */
  folder(): string;
  /**
   * For a test's afterEach: when the test failed, each process's log (its stderr: what it said,
   * and any part of a screen that failed to draw, with what threw) is attached to it.
   */
  attachLogs(info: TestInfo): Promise<void>;
  /** SIGKILL, as a power cut or a crash would; the folder stays for a restart. */
  kill(proc: Proc): Promise<void>;
  stopAll(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  );
}

/** The built host (`npm run build`), what `npm run host` runs. */
const BUILT_HOST = join(root, 'out/main/host.js');

function start(command: string[], dir: string, ready: RegExp, env: NodeJS.ProcessEnv): Promise<Proc> {
  const child = spawn(process.execPath, command, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<Proc>((resolveProc, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolveProc({ child, dir, url: m[1], err: () => err, command });
    });
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited ${code}: ${err}`)));
  });
}

export function processes(): Processes {
  const procs: Proc[] = [];
  const dirs = new Set<string>();
  const track = async (p: Promise<Proc>) => {
    const proc = await p;
    procs.push(proc);
    return proc;
  };
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-hub-e2e-'));
    dirs.add(dir);
    return dir;
  };
  return {
    host: (args, options = {}) => {
      const dir = options.dir ?? newDir();
      return track(
        start([builtHost(), '--data-dir', dir, '--port', '0', ...args], dir, /ready at (\S+)/, options.env ?? {}),
      );
    },
    sandbox: () =>
      track(
        start(
          ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0'],
          newDir(),
          /sandbox ready at (http:\/\/\S+)/,
          {},
        ),
      ),
    folder: newDir,
    attachLogs: async (info) => {
      if (info.status === info.expectedStatus) return;
      for (const [n, p] of procs.entries())
        await info.attach(`process ${n + 1} log (${p.command.slice(1).join(' ').slice(0, 120)})`, {
          body: p.err() || '(nothing)',
          contentType: 'text/plain',
        });
    },
    kill: async (proc) => {
      proc.child.kill('SIGKILL');
      await exited(proc.child);
    },
    stopAll: async () => {
      await attachScreenErrors(procs.flatMap((p) => screenErrorsIn(p.err())));
      for (const p of procs.splice(0)) {
        p.child.kill('SIGTERM');
        await exited(p.child);
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      dirs.clear();
    },
  };
}

function builtHost(): string {
  if (!existsSync(BUILT_HOST)) throw new Error('out/main/host.js is missing: run `npm run build` before the e2e tests');
  return BUILT_HOST;
}

/** The hub's own screen at 1280x800: first-run location, then the manager area's Devices tab. */
export async function openHubDevices(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await showHubDevices(page, url);
  return page;
}

/** On `page`, the hub at `url`: its kiosk placed at the Harbour, then the manager area's Devices tab. */
export async function showHubDevices(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Kiosk', exact: true }).click();
  await page.getByRole('button', { name: /Harbour Bar & Kitchen/ }).click();
  await page.getByRole('button', { name: 'Manager' }).click();
  await enterPin(page, '9999');
  await page.getByRole('button', { name: 'Devices' }).click();
}

/**
 * On the hub's Devices tab: a manager allows the device `name` that asks to pair, once it is listed
 * (and, given, once its check code is the one the device shows).
 */
export async function allowOnHub(page: Page, name: string, checkCode?: string): Promise<void> {
  const row = page.getByTestId('pairing-request').filter({ hasText: name });
  await expect(row).toBeVisible();
  if (checkCode) await expect(row.getByTestId('request-check-code')).toHaveText(checkCode);
  await row.getByRole('button', { name: `Allow “${name}”` }).click();
  await expect(row).toHaveCount(0);
}

/** On the hub's Devices tab: a pairing code for a device of `role`. */
export async function openCode(page: Page, role: string): Promise<string> {
  await page.getByLabel('It will be a').selectOption(role);
  const code = page.getByLabel('Pairing code');
  // Every click opens a new code; until the answer lands the screen still shows the last one.
  const before = (await code.count()) > 0 ? await code.textContent() : null;
  await page.getByRole('button', { name: 'Show a pairing code' }).click();
  await expect(code).toHaveText(/^\d{6}$/);
  if (before !== null) await expect(code).not.toHaveText(before);
  return (await code.textContent())!;
}

/** Where the hub's satellites pair (its log names the port): `127.0.0.1:<port>`. */
export function hubAddressOf(hub: Proc): string {
  return `127.0.0.1:${/satellites pair at port (\d+)/.exec(hub.err())![1]}`;
}

/**
 * A new satellite of `role` named `name`, paired as a venue does it: a code from the hub's Devices
 * tab (`hubPage`), the host started with it and pinned to the check code shown there, and a
 * manager's Allow. Resolves once the satellite is ready.
 */
export async function pairSatellite(
  run: Processes,
  hubPage: Page,
  hub: Proc | string,
  role: string,
  name: string,
): Promise<Proc> {
  const starting = run.host([
    '--satellite',
    typeof hub === 'string' ? hub : hubAddressOf(hub),
    '--pair-code',
    await openCode(hubPage, role),
    '--device-name',
    name,
    '--hub-fingerprint',
    (await hubPage.getByTestId('hub-check-code').textContent())!,
  ]);
  await allowOnHub(hubPage, name);
  return starting;
}
