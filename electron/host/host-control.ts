// A way back into a running headless host. The address it prints signs one browser in, once; a
// browser that was closed, or a page left open across a restart, needs a fresh one. The host
// writes `host-control.json` (0600: only its own user can read it) with its loopback port and a
// control secret; `npm run host -- --new-link` with the same data folder asks the running host for
// a fresh one-use address over loopback and prints it. SIGUSR2 to the host prints one as well.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAbsolute, join } from 'node:path';
import { errorMessage } from '../../shared/errors';

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

export const BACKUP_PATH = '/_control/backup';

/** What `--backup FILE` asks of a running host: the file (absolute) and the passphrase, or null. */
export interface BackupRequest {
  file: string;
  passphrase: string | null;
}

/**
 * `npm run host -- --backup FILE` while a host runs on the data folder: the running core makes
 * it, so the backup is of one moment of the running venue (its event log cut at a committed
 * line). `{running: false}` when no host runs there: the caller copies the folder at rest.
 */
export async function requestBackup(
  dataDir: string,
  request: BackupRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<
  { running: false } | { running: true; ok: true; made: unknown } | { running: true; ok: false; reason: string }
> {
  const control = readHostControl(dataDir);
  if (!control || !processAlive(control.pid)) return { running: false };
  let res: Response;
  try {
    res = await fetchImpl(`http://127.0.0.1:${control.port}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { [CONTROL_HEADER]: control.secret, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return {
      running: true,
      ok: false,
      reason: `The host of ${dataDir} (process ${control.pid}, port ${control.port}) does not answer: is it still running?`,
    };
  }
  const body = (await res.json().catch(() => ({}))) as { made?: unknown; error?: { message?: unknown } };
  if (res.ok && body.made) return { running: true, ok: true, made: body.made };
  const why = typeof body.error?.message === 'string' ? body.error.message : `it answered ${res.status}`;
  return { running: true, ok: false, reason: `The running host could not make the backup: ${why}` };
}

/** A host of this data folder is running (its control file names a live process). */
export function hostRunning(dataDir: string): { pid: number } | null {
  const control = readHostControl(dataDir);
  return control && processAlive(control.pid) ? { pid: control.pid } : null;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The host's side of POST /_control/backup: the control secret, then the running core's backup. */
export function serveBackupControl(
  req: IncomingMessage,
  res: ServerResponse,
  secret: string | undefined,
  backup: ((request: BackupRequest) => Promise<unknown>) | undefined,
): void {
  const given = req.headers[CONTROL_HEADER];
  const answer = (status: number, body: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));
  if (req.method !== 'POST' || !secret || !backup || typeof given !== 'string' || !sameSecret(given, secret))
    return void answer(403, {});
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > 64 * 1024) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let request: BackupRequest;
    try {
      const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupRequest>;
      if (typeof value.file !== 'string' || !isAbsolute(value.file)) throw new Error('no absolute file');
      if (value.passphrase !== null && typeof value.passphrase !== 'string') throw new Error('no passphrase');
      request = { file: value.file, passphrase: value.passphrase };
    } catch {
      return void answer(400, { error: { message: 'The request names no backup file' } });
    }
    backup(request).then(
      (made) => answer(200, { made }),
      (error: unknown) => answer(500, { error: { message: errorMessage(error) } }),
    );
  });
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
