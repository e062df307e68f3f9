// This device's PIN lockouts, for the manager signed in on it: which pad, until when, and a way to
// lift them (a refund dialog's wrong PINs, say, while the manager is here).
import type { LaborView } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { useAction } from '../../../hooks/use-action';
import { LockLine } from '../../../components/lock-line';
import { useTickUntil } from '../use-now';
import { useAppStore } from '../../../store';
import { deviceMayCall } from '../../../../../shared/contract/device-access';
import { whereDone } from './manager-sections';

export function LockoutsNotice({ token, labor }: { token: string; labor: LaborView }) {
  const request = useAction();
  const setLabor = useAppStore((s) => s.setLabor);
  const role = useAppStore((s) => (s.satellite?.mode === 'satellite' ? s.satellite.role : null));
  // A kiosk device may not lift it itself: a manager lifts a device's lockouts under Devices.
  const liftHere = role === null || deviceMayCall(role, 'laborLiftLockout');
  const locks = [
    labor.padLockedUntil ? { until: labor.padLockedUntil, userId: null, pad: 'sign-in' as const } : null,
    labor.approvalLockedUntil ? { until: labor.approvalLockedUntil, userId: null, pad: 'approval' as const } : null,
  ].filter((l): l is NonNullable<typeof l> => l !== null);
  const now = useTickUntil(locks.length ? Math.max(...locks.map((l) => l.until)) : null);
  const live = locks.filter((l) => l.until > now);
  if (live.length === 0) return null;
  return (
    <section className="k-card k-lockouts" aria-label="PIN lockouts on this device" data-testid="lockouts-notice">
      {live.map((l) => (
        <p key={l.pad}>
          <LockLine lock={l} timezone={labor.location?.timezone ?? null} />
        </p>
      ))}
      {liftHere ? (
        <button
          type="button"
          className="k-small"
          disabled={request.busy}
          onClick={() => void request.run(async () => setLabor(await api().laborLiftLockout(token, null)))}
        >
          Lift the lockout
        </button>
      ) : (
        <p className="k-hint">A manager lifts it under Devices, {whereDone('hubView')}.</p>
      )}
      {request.error && <p role="alert">{request.error}</p>}
    </section>
  );
}
