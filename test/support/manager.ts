// Settings need a manager signed in on the device that asks, this computer's own screen included.
// Tests that change settings sign the practice venue's manager in the way a person does: their PIN
// on the sign-in channel, run as this computer's own screen. (No vitest here: the e2e kit uses it.)
import type { IpcHandlers } from '../../shared/contract';
import type { StaffSession } from '../../shared/labor';

/** The practice venue's manager PIN (Alex Manager, docs/sandbox.md). */
export const PRACTICE_MANAGER_PIN = '9999';

/**
 * Signs a manager in on this computer's own screen; settings then work for its session's life.
 * Null when no manager has a PIN yet (a real service's empty staff list: settings are open then),
 * or when the staff list cannot be read (nobody can sign in: settings stay refused).
 */
export async function signInManager(
  handlers: Pick<IpcHandlers, 'laborIdentify' | 'laborView'>,
  pin = PRACTICE_MANAGER_PIN,
): Promise<StaffSession | null> {
  const view = await handlers.laborView();
  if (view.needsManagerSetup || view.rosterError) return null;
  const session = await handlers.laborIdentify({ pin });
  if (!session.manager) throw new Error(`PIN ${pin} signed in ${session.name}, who is not a manager`);
  return session;
}
