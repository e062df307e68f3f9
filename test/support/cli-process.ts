// A command-line entry of this repo run as a real child process, the way a script runs it, with
// what it prints gathered and a wait for a line that fails as soon as the process ends without it.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

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
 * Runs `script` (relative to the repository) under Node with tsx's loader, not the tsx wrapper:
 * the wrapper relays signals with short timeouts and, on a loaded machine, kills the child before
 * it can stop cleanly. `env`, when given, is the child's whole environment.
 */
export function runCli(script: string, args: string[], env?: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
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
