// A way back into a running headless host. The address it prints signs one browser in, once; a
// browser that was closed, or a page left open across a restart, needs a fresh one. The host
// writes `host-control.json` (0600: only its own user can read it) with its loopback port and a
// control secret; `npm run host -- --new-link` with the same data folder asks the running host for
// a fresh one-use address over loopback and prints it. SIGUSR2 to the host prints one as well.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONTROL_FILE = 'host-control.json';
export const NEW_LINK_PATH = '/_control/new-link';
export const CONTROL_HEADER = 'x-venue-control';

export interface HostControl {
  pid: number;
  port: number;
  secret: string;
}

export function newControlSecret(): string {
  return randomBytes(24).toString('hex');
}

export function writeHostControl(dataDir: string, control: HostControl): void {
  writeFileSync(join(dataDir, CONTROL_FILE), `${JSON.stringify(control)}\n`, { mode: 0o600 });
}

/** Removed on a clean stop, and only when it is still this process's file. */
export function removeHostControl(dataDir: string, pid = process.pid): void {
  const control = readHostControl(dataDir);
  if (control?.pid === pid) rmSync(join(dataDir, CONTROL_FILE), { force: true });
}

function readHostControl(dataDir: string): HostControl | null {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as Partial<HostControl>;
    if (typeof value.port !== 'number' || typeof value.secret !== 'string' || typeof value.pid !== 'number')
      return null;
    return { pid: value.pid, port: value.port, secret: value.secret };
  } catch {
    return null;
  }
}

/** A fresh one-use address from the host running on `dataDir`, or a sentence saying why not. */
export async function requestNewLink(
  dataDir: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const control = readHostControl(dataDir);
  if (!control)
    return { ok: false, reason: `No running host uses the data folder ${dataDir} (no readable ${CONTROL_FILE}).` };
  let res: Response;
  try {
    res = await fetchImpl(`http://127.0.0.1:${control.port}${NEW_LINK_PATH}`, {
      method: 'POST',
      headers: { [CONTROL_HEADER]: control.secret },
    });
  } catch {
    return {
      ok: false,
      reason: `The host of ${dataDir} (process ${control.pid}, port ${control.port}) does not answer: is it still running?`,
    };
  }
  if (!res.ok) return { ok: false, reason: `The host on port ${control.port} refused (${res.status}).` };
  const body = (await res.json()) as { url?: unknown };
  if (typeof body.url !== 'string') return { ok: false, reason: 'The host answered without an address.' };
  return { ok: true, url: body.url };
}

/**
 * Writes the control file for a started host and prints a fresh address on SIGUSR2 (stdout, one
 * line). Returns what undoes both, for a clean stop.
 */
export function offerNewLinks(
  dataDir: string,
  host: { port: number; readonly url: string },
  secret: string,
): () => void {
  writeHostControl(dataDir, { pid: process.pid, port: host.port, secret });
  const print = () => console.log(`New sign-in address (works once): ${host.url}`);
  process.on('SIGUSR2', print);
  return () => {
    process.off('SIGUSR2', print);
    removeHostControl(dataDir);
  };
}
