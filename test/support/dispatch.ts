// Tests that go through the one dispatcher the transports use, as this computer's own screen: the
// contract's schemas and access table run, so a refusal comes back as the typed outcome a screen
// sees.
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import type { IpcHandlers } from '../../shared/contract';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../../electron/sandbox';

interface HasHandlers {
  handlers: IpcHandlers;
}

/** One request on `channel` with `args`, through the dispatcher. */
export const call = (a: HasHandlers, channel: string, ...args: unknown[]): Promise<DispatchOutcome> =>
  dispatchRequest(a.handlers, channel, args);

/** The result of an outcome that must have succeeded; a refusal fails the test with its message. */
export async function ok<T>(p: Promise<DispatchOutcome>): Promise<T> {
  const o = await p;
  if (!o.ok) throw new Error(o.error.message);
  return o.result as T;
}

/** Waits (up to 5 s) for the practice venue to seed its demo staff (manager PIN 9999) on connect. */
export async function practiceRosterSeeded(a: { labor: { roster: { needsManagerSetup(): boolean } } }): Promise<void> {
  for (let i = 0; i < 100 && a.labor.roster.needsManagerSetup(); i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Moves `a` off the practice venue to a real service at `baseUrl`, signed in with the sandbox's
 * demo credentials, as a manager does in Settings; a refusal fails the test.
 */
export function connectRemote(a: HasHandlers, baseUrl: string): Promise<unknown> {
  return ok(
    call(a, 'saveConnection', { mode: 'remote', baseUrl, accessId: DEMO_ACCESS_ID, accessSecret: DEMO_ACCESS_SECRET }),
  );
}
