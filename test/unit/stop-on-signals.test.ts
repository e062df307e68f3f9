// The headless roots' stop on a signal, with signals from a test emitter: a step that never
// settles is given up on at its bound, the whole stop at its own, and a second signal ends it.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { stopBoundFromEnv, stopOnSignals, type StopStep } from '../../electron/host/stop-on-signals';

function harness(steps: StopStep[], bounds: { boundMs: number; stepBoundMs?: number }) {
  const signals = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  stopOnSignals({
    steps,
    ...bounds,
    log: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
  });
  return { send: (signal: string) => signals.emit(signal), lines, exits };
}

const never = () => new Promise<void>(() => {});

describe('stop on signals', () => {
  it('runs every step in order and exits 0', async () => {
    const ran: string[] = [];
    const h = harness(
      [
        { name: 'a', run: async () => void ran.push('a') },
        { name: 'b', run: () => void ran.push('b') },
      ],
      { boundMs: 5_000 },
    );
    h.send('SIGTERM');
    await vi.waitFor(() => expect(h.exits).toEqual([0]));
    expect(ran).toEqual(['a', 'b']);
  });

  it('goes on past a step that never settles, and past one that throws', async () => {
    const ran: string[] = [];
    const h = harness(
      [
        { name: 'hangs', run: never },
        {
          name: 'throws',
          run: () => {
            throw new Error('boom');
          },
        },
        { name: 'last', run: () => void ran.push('last') },
      ],
      { boundMs: 10_000, stepBoundMs: 50 },
    );
    h.send('SIGINT');
    await vi.waitFor(() => expect(h.exits).toEqual([0]));
    expect(ran).toEqual(['last']);
    expect(h.lines.join('\n')).toMatch(/"hangs" did not finish within 50 ms/);
    expect(h.lines.join('\n')).toMatch(/"throws" failed: boom/);
  });

  it('exits 1 when the whole stop outlives its bound', async () => {
    const h = harness([{ name: 'hangs', run: never }], { boundMs: 50 });
    h.send('SIGTERM');
    await vi.waitFor(() => expect(h.exits).toEqual([1]));
    expect(h.lines.join('\n')).toMatch(/did not finish within 50 ms \(at "hangs"\)/);
  });

  it('a second signal exits at once with the signal code', () => {
    const h = harness([{ name: 'hangs', run: never }], { boundMs: 60_000 });
    h.send('SIGTERM');
    expect(h.exits).toEqual([]);
    h.send('SIGINT');
    expect(h.exits).toEqual([130]);
  });

  it('reads its bound from VENUE_STOP_BOUND_MS', () => {
    expect(stopBoundFromEnv({ VENUE_STOP_BOUND_MS: '2500' })).toBe(2500);
    expect(stopBoundFromEnv({ VENUE_STOP_BOUND_MS: 'soon' })).toBe(10_000);
    expect(stopBoundFromEnv({})).toBe(10_000);
  });
});
