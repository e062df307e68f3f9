// The standalone sandbox: flag parsing, the single ready line, exit codes, clean shutdown on signals.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support';
import { parseCliArgs, UsageError } from '../../electron/sandbox/cli-args';
import { defaultReadings, otherReadings } from '../../electron/sandbox/readings';

const root = resolve(import.meta.dirname, '../..');

function run(args: string[]) {
  // Node with tsx's loader, not the tsx wrapper, whose 30 ms signal relay kills the child on a busy machine.
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, out: () => stdout, err: () => stderr };
}

const waitFor = (check: () => boolean, ms = 15_000) => waitUntil(check, ms, 50);

describe('parseCliArgs', () => {
  it('reads both --flag value and --flag=value', () => {
    expect(
      parseCliArgs(['--port', '4010', '--access-id=abc', '--access-secret', 's3', '--header-prefix', 'Acme']),
    ).toEqual({
      port: 4010,
      accessId: 'abc',
      accessSecret: 's3',
      headerPrefix: 'Acme',
      readings: defaultReadings,
    });
    expect(parseCliArgs([], {})).toEqual({ readings: defaultReadings });
  });

  it('picks the reading of the open points: --reading, single points as JSON on top, or VENUE_SANDBOX_READING', () => {
    expect(parseCliArgs(['--reading', 'other'], {}).readings).toEqual(otherReadings);
    expect(parseCliArgs([], { VENUE_SANDBOX_READING: 'other' }).readings).toEqual(otherReadings);
    expect(parseCliArgs(['--readings', '{"shiftId":"numeric-breaks-only","pageSize":5}'], {}).readings).toEqual({
      ...defaultReadings,
      shiftId: 'numeric-breaks-only',
      pageSize: 5,
    });
    expect(() => parseCliArgs(['--reading', 'weird'], {})).toThrow(/--reading must be one of default, other/);
    expect(() => parseCliArgs(['--readings', '{"shiftId":"guid"}'], {})).toThrow(/shiftId must be one of/);
    expect(() => parseCliArgs(['--readings', '{"nope":1}'], {})).toThrow(/Unknown reading point 'nope'/);
    expect(() => parseCliArgs([], { VENUE_SANDBOX_READING: 'x' })).toThrow(/VENUE_SANDBOX_READING/);
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--port']],
    [['--access-id', '--port', '1']],
    [['--bogus']],
    [['4010']],
    [['--header-prefix', 'a b']],
  ])('rejects %j', (args) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError);
  });
});

describe('cli', () => {
  it('prints one ready line, serves, and exits 0 on SIGTERM', async () => {
    const p = run(['--port', '0', '--access-id', 'cli-id', '--access-secret', 'cli-secret']);
    await waitFor(() => p.out().includes('\n'));
    const lines = p.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    const m = /^sandbox ready at (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0]);
    expect(m).not.toBeNull();
    const res = await fetch(`${m![1]}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        api_access_id: 'cli-id',
        api_access_secret: 'cli-secret',
      }),
    });
    expect(res.status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.out().trim().split('\n')).toHaveLength(1);
  });

  it('exits 0 on SIGINT too', async () => {
    const p = run([]);
    await waitFor(() => p.out().includes('ready'));
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with a clear message on a bad flag', async () => {
    const p = run(['--port', 'eleven']);
    expect(await p.exited).toBe(2);
    expect(p.err()).toMatch(/--port must be an integer/);
    expect(p.err()).toMatch(/usage:/);
    expect(p.out()).toBe('');
  });
});
