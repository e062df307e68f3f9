// What the tests that run `electron/host/cli.ts` as a real child process share: a home folder with
// a stand-in renderer, a sandbox service, the child started with only what the test gives, and one
// request over the host's WebSocket as the page sends it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { runCli, type CliProcess } from './cli-process';
import { tempDirs } from './index';

export interface HostCliSuite {
  /** The suite's home folder (HOME of every child), removed after the suite. */
  readonly dir: string;
  readonly sandbox: RunningSandbox;
  /** Starts the host CLI; the env holds only what the test gives, so no VENUE_* leaks in from the shell. */
  run(args: string[], env?: Record<string, string>): CliProcess;
}

/** A home folder with a one-line renderer and a sandbox for the calling suite, set up before it and removed after. */
export function hostCliSuite(prefix: string, title: string): HostCliSuite {
  const dirs = tempDirs(prefix);
  let dir: string | null = null;
  let rendererDir = '';
  let sandbox: RunningSandbox | null = null;
  beforeAll(async () => {
    dir = dirs.make();
    rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), `<!doctype html><title>${title}</title>`);
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
    dirs.removeAll();
  });
  const suite: HostCliSuite = {
    get dir() {
      if (!dir) throw new Error('the home folder is made before the suite');
      return dir;
    },
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts before the suite');
      return sandbox;
    },
    run: (args, env = {}) =>
      runCli('electron/host/cli.ts', args, {
        PATH: process.env.PATH ?? '',
        HOME: suite.dir,
        VENUE_RENDERER_DIR: rendererDir,
        ...env,
      }),
  };
  return suite;
}

export type HostAnswer = { ok: boolean; result?: unknown; error?: { kind: string } } | 'closed without an answer';

/**
 * One request over the host's WebSocket, as the page sends it. A socket that closes first answers
 * 'closed without an answer' (a host killed mid-request), so a test can tell that from a refusal.
 */
export function hostCall(host: { url: URL; cookie: string }, channel: string, ...args: unknown[]): Promise<HostAnswer> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(`ws://${host.url.host}/ws`, {
      headers: { Origin: host.url.origin, Cookie: host.cookie },
    });
    let answered = false;
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel, args })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number };
      if (message.id !== 1) return;
      answered = true;
      ws.close();
      done(message as HostAnswer);
    });
    ws.once('close', () => !answered && done('closed without an answer'));
    ws.once('error', (error) => !answered && fail(error));
  });
}
