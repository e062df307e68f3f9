// A command-line entry of this repo run as a real child process, the way a script runs it, with
// what it prints gathered and a wait for a line that fails as soon as the process ends without it.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { inject } from 'vitest';
import { bundlePath, type CliEntry } from './cli-bundles';

const root = resolve(import.meta.dirname, '../..');

export interface CliProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The exit code, or null when a signal ended the process. */
  exited: Promise<number | null>;
  out(): string;
  err(): string;
  /**
   * Resolves once what the process printed on stdout passes `check`; rejects, with its output, when
   * the process ends first. No clock of its own: the test's timeout is what bounds a hang.
   */
  printed(check: (out: string) => boolean): Promise<void>;
}

/**
 * What `node` runs for `entry`: this test run's bundle of it (test/support/cli-bundles.ts). Node
 * itself, no wrapper, so a signal sent to the child reaches the process that does the work.
 */
export function cliScript(entry: CliEntry): string {
  return bundlePath(resolve(root, inject('cliBundles')), entry);
}

/** Runs `script` (relative to the repository) as a child process. `env`, when given, is its whole environment. */
export function runCli(script: CliEntry, args: string[], env?: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [cliScript(script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  let closed = false;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // 'close' comes after the last of the output, so a check made then has seen all of it.
  child.once('close', () => (closed = true));

  const printed = (check: (out: string) => boolean) =>
    new Promise<void>((done, fail) => {
      const ended = () => {
        stop();
        if (check(stdout)) done();
        else
          fail(
            new Error(`${script} ended before printing what the test waits for\nstdout: ${stdout}\nstderr: ${stderr}`),
          );
      };
      const look = () => {
        if (!check(stdout)) return;
        stop();
        done();
      };
      const stop = () => {
        child.stdout.off('data', look);
        child.off('close', ended);
      };
      if (closed) return ended();
      child.stdout.on('data', look);
      child.once('close', ended);
      look();
    });

  return { child, exited, out: () => stdout, err: () => stderr, printed };
}
