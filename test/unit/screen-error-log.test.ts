// A part of a screen that failed to draw reaches the app's log through the contract: the
// renderer's report (cut to the contract's limits, so it is never refused) passes the dispatcher's
// schema and becomes one log entry with what threw and where; a screen failing in a loop fills the
// log with a few a minute and counts the rest, without silencing another device's; a report
// cannot write a line of its own; a paired device cannot write into the hub's log.
import { describe, expect, it } from 'vitest';
import type { IpcHandlers } from '../../shared/contract';
import { deviceMayCall } from '../../shared/contract/device-access';
import type { ScreenErrorReport } from '../../shared/screen-errors';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { SCREEN_ERROR_LINE, SCREEN_ERRORS_PER_MINUTE, screenErrorHandlers } from '../../electron/core/screen-error-log';
import type { Caller } from '../../electron/core/caller';

// The renderer's side, loaded by path: the node project's type check does not take in the renderer's.
const BOUNDARY = '../../renderer/src/components/error-boundary';
const { screenErrorReport } = (await import(BOUNDARY)) as {
  screenErrorReport(area: string, error: unknown, componentStack: string | null): ScreenErrorReport;
};

function logged(now: () => number = Date.now) {
  const lines: string[] = [];
  const handlers = screenErrorHandlers((line) => lines.push(line), now) as unknown as IpcHandlers;
  const report = (r: unknown, caller?: Caller) => dispatchRequest(handlers, 'reportScreenError', [r], caller);
  return { lines, report };
}

describe('screen errors in the log', () => {
  it('writes what threw, where, and in which components, once', async () => {
    const { lines, report } = logged();
    const error = new RangeError('Invalid time value');
    const outcome = await report(screenErrorReport('kiosk-board', error, '\n    at LiveBoard\n    at KioskScreen'));
    expect(outcome).toEqual({ ok: true, result: null });
    expect(lines).toHaveLength(1);
    const [entry] = lines;
    expect(entry.split('\n')[0]).toBe(`${SCREEN_ERROR_LINE} (kiosk-board): RangeError: Invalid time value`);
    expect(entry).toContain('  thrown at:\n    at ');
    expect(entry).toContain('  in the components:\n    at LiveBoard\n    at KioskScreen');
    // The message is said once, not again at the head of the stack.
    expect(entry.match(/Invalid time value/g)).toHaveLength(1);
  });

  it('takes whatever a screen throws, however long, cut to what the contract allows', async () => {
    const { lines, report } = logged();
    const huge = new Error('x'.repeat(50_000));
    huge.stack = `Error: ${'y'.repeat(50_000)}`;
    for (const [area, thrown, components] of [
      ['a'.repeat(500), huge, 'z'.repeat(50_000)],
      ['screen:tabs', 'a string', null],
      ['screen:tabs', { not: 'an error' }, null],
      ['screen:tabs', null, null],
    ] as const)
      expect(await report(screenErrorReport(area, thrown, components))).toEqual({ ok: true, result: null });
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`${SCREEN_ERROR_LINE} (screen:tabs): Thrown: a string`);
  });

  it('refuses a report that is not one, as any request with bad arguments', async () => {
    const { lines, report } = logged();
    const outcome = await report({ area: 'x', message: 'm', stack: 'y'.repeat(9000), componentStack: null });
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await report({ area: '', message: 'm', stack: null, componentStack: null })).toMatchObject({ ok: false });
    expect(lines).toEqual([]);
  });

  it('a screen failing in a loop: 20 a minute are written, the rest counted on the next one', async () => {
    let now = 1_000_000;
    const { lines, report } = logged(() => now);
    for (let i = 0; i < 25; i++) await report(screenErrorReport('kiosk-board', new Error(`boom ${i}`), null));
    expect(lines).toHaveLength(20);
    now += 60_000;
    await report(screenErrorReport('kiosk-board', new Error('boom again'), null));
    expect(lines).toHaveLength(21);
    expect(lines[20].split('\n')[0]).toMatch(/boom again \(5 more not logged before this one\)$/);
  });

  it("one screen failing in a loop does not silence another device's reports", async () => {
    const { lines, report } = logged(() => 1_000_000);
    const from = (deviceId: string, message: string) =>
      report(screenErrorReport('app', new Error(message), null), { deviceId, deviceRole: 'local' });
    for (let i = 0; i < 100; i++) await from('browser-a', `loop ${i}`);
    expect(lines).toHaveLength(SCREEN_ERRORS_PER_MINUTE);
    await from('browser-b', 'the other screen');
    expect(lines).toHaveLength(SCREEN_ERRORS_PER_MINUTE + 1);
    expect(lines.at(-1)!.split('\n')[0]).toMatch(/the other screen$/);
  });

  it('writes line breaks and control characters a report carries escaped: no line of its own', async () => {
    const { lines, report } = logged();
    const forged = '2026-11-27T10:00:00.000Z Paired device "Back door" as manager (d-1)';
    await report({
      area: `app\r${forged}`,
      message: `Error: boom\n${forged}\r\n${forged}\u2028${forged}\u001b[2K`,
      stack: `Error: boom\n    at a (x.js:1)\r${forged}\u2028${forged}`,
      componentStack: `\n    at App\n${forged}`,
    });
    expect(lines).toHaveLength(1);
    const entry = lines[0];
    // The entry's own first line, and every line after it indented under it.
    const [head, ...rest] = entry.split('\n');
    expect(head.startsWith(`${SCREEN_ERROR_LINE} (app\\r${forged}): Error: boom\\n${forged}\\r\\n`)).toBe(true);
    expect(head).toContain('\\u2028');
    expect(head).toContain('\\u001b[2K');
    for (const line of rest) expect(line).toMatch(/^ {2}/);
    for (const c of ['\r', '\u2028', '\u2029', '\u001b']) expect(entry).not.toContain(c);
  });

  it("a paired device's screen logs on that device: the hub takes none from a link", () => {
    for (const role of ['kiosk', 'workstation', 'manager'] as const)
      expect(deviceMayCall(role, 'reportScreenError')).toBe(false);
  });
});
