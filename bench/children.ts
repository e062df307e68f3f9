// Child processes of the bench: every server it measures runs in a process of its own (so the load
// generator and the measured code do not share an event loop, and RSS is the server's alone), in
// a process group of its own, so stopping it stops everything it started (npx → sh → tsx → node)
// and nothing else.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sleep, wallNow } from './stats';

export const ROOT = resolve(import.meta.dirname, '..');

/** How TypeScript entry points are started without npx: node itself with tsx's loader. */
export const NODE_TSX = [process.execPath, '--import', 'tsx'];

export interface Started {
  child: ChildProcess;
  /** The first capture group of the ready pattern (a URL). */
  url: string;
  /** From spawn() to the ready line, ms. */
  readyMs: number;
  /** Everything the child wrote to stderr so far (for error messages). */
  stderr(): string;
}

/** Starts `command` in its own process group and resolves once stdout prints a line matching `ready`. */
export function startChild(
  command: string[],
  ready: RegExp,
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; t0?: number } = {},
): Promise<Started> {
  const t0 = options.t0 ?? wallNow();
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    if (err.length > 64_000) err = err.slice(-32_000);
  });
  return new Promise<Started>((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      fail(
        new Error(
          `${command.join(' ')} printed no ready line within ${options.timeoutMs ?? 30_000} ms\n${err.slice(-2000)}`,
        ),
      );
    }, options.timeoutMs ?? 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      stopChild(child).catch(() => {});
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`${command.join(' ')} exited (${code ?? signal}) before it was ready\n${err.slice(-2000)}`)),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match === null) return;
      const readyMs = wallNow() - t0;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolvePromise({ child, url: match[1], readyMs, stderr: () => err });
    });
  });
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves once the child exited. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // Grandchildren (tsx's node under npx) may outlive the leader by a moment.
  await sleep(50);
  signalGroup('SIGKILL');
}

/** Resident set size of a process in MB (10^6 bytes), from /proc (Linux); NaN elsewhere. */
export function rssMB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? (Number(match[1]) * 1024) / 1e6 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** GETs `url` until it answers 200; resolves with the time it did (wallNow), or throws after `timeoutMs`. */
export async function waitFor200(url: string, timeoutMs = 10_000): Promise<number> {
  const end = wallNow() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return wallNow();
    } catch {
      // Not listening yet.
    }
    if (wallNow() > end) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(10);
  }
}
