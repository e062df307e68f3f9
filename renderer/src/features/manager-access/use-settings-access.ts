// Asks the core whether settings are open to this screen or which manager is signed in on this
// device, when a settings screen opens, when its manager's session would end, and after a settings
// request was refused for want of a manager. The core decides every request itself; this only
// decides what the screen shows first.
import { useCallback, useEffect, useState } from 'react';
import type { ErrorPayload } from '../../../../shared/app-error';
import { api } from '../../api-context';
import { useAppStore } from '../../store';

/** A refusal that a manager's PIN on this device lifts. */
export function needsManagerPin(payload: ErrorPayload | null | undefined): boolean {
  return payload?.kind === 'pin-required' && payload.data.role === 'manager';
}

export function useSettingsAccess() {
  const access = useAppStore((s) => s.settingsAccess);
  const setAccess = useAppStore((s) => s.setSettingsAccess);
  const [answered, setAnswered] = useState(false);
  const refresh = useCallback(
    () =>
      api()
        .settingsAccess()
        .then(setAccess, () => setAccess(null))
        .finally(() => setAnswered(true)),
    [setAccess],
  );
  const expiresAt = access?.manager?.expiresAt ?? null;
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // The session slides while it is used: ask again when it would have ended.
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => void refresh(), Math.max(0, expiresAt - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [expiresAt, refresh]);
  const signOut = useCallback(() => api().settingsSignOut().then(setAccess), [setAccess]);
  return { access, answered, refresh, signOut };
}
