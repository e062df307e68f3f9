// What many test files need, written once: temporary folders that are removed again, a free TCP
// port, and waiting for a condition (vitest's vi.waitFor, with our defaults).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** A set of temp folders with one prefix; removeAll() deletes them and their `siblings` (`<dir><suffix>`): call it in afterEach/afterAll. */
export function tempDirs(prefix: string, siblings: string[] = []): { make(): string; removeAll(): void } {
  const made: string[] = [];
  return {
    make: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const dir of made.splice(0))
        for (const path of [dir, ...siblings.map((s) => `${dir}${s}`)]) rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check` returns true (polling real time), or fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 5_000, interval = 20): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`condition not met within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval },
  );
}

export { PRACTICE_MANAGER_PIN, signInManager } from './manager';
export { freePort } from './free-port';
export { runCli, type CliProcess } from './cli-process';
export { tcpRelay, type TcpRelay } from './tcp-relay';
export { idleSockets, type IdleSockets } from './idle-sockets';
