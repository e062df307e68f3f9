// The standalone sandbox: flag parsing, the single ready line, exit codes, clean shutdown on signals.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support';
import { parseCliArgs, UsageError } from '../../electron/sandbox/cli-args';
import { defaultReadings, otherReadings } from '../../electron/sandbox/readings';

const run = (args: string[]) => runCli('electron/sandbox/cli.ts', args);

// Starting the CLI is CPU work (loading and starting the sandbox) that a loaded machine stretches
// without bound; the tests wait for its lines, and this bound only catches a CLI that never starts.
const STARTS = { timeout: 5 * 60_000 };

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
  it('prints one ready line, serves, and exits 0 on SIGTERM', STARTS, async () => {
    const p = run(['--port', '0', '--access-id', 'cli-id', '--access-secret', 'cli-secret']);
    await p.printed((out) => out.includes('\n'));
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

  it('exits 0 on SIGINT too', STARTS, async () => {
    const p = run([]);
    await p.printed((out) => out.includes('ready'));
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with a clear message on a bad flag', STARTS, async () => {
    const p = run(['--port', 'eleven']);
    expect(await p.exited).toBe(2);
    expect(p.err()).toMatch(/--port must be an integer/);
    expect(p.err()).toMatch(/usage:/);
    expect(p.out()).toBe('');
  });
});
