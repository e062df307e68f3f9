// A break ended before the venue's minimum: say until when it runs, and let a manager standing at
// this kiosk allow it with their PIN (or go back and keep the break).
import { clockTime } from './format';
import { PinPad, type PadLock } from './pin-pad';

export interface BreakOverrideProps {
  name: string;
  minimumMinutes: number;
  endsAt: number;
  timezone: string | null;
  busy: boolean;
  error: string | null;
  /** The approval pad's lock, if wrong manager PINs locked it. */
  lock: PadLock | null;
  nameOf?: (userId: string) => string | null;
  onManagerPin(pin: string): void;
  onCancel(): void;
}

export function BreakOverride({
  name,
  minimumMinutes,
  endsAt,
  timezone,
  busy,
  error,
  lock,
  nameOf,
  onManagerPin,
  onCancel,
}: BreakOverrideProps) {
  return (
    <section className="k-break-override" aria-label="End the break early" data-testid="break-too-short">
      <PinPad
        title="Manager PIN to end the break now"
        hint={`${name.split(' ')[0]}, a break here lasts at least ${minimumMinutes} min: yours can end at ${clockTime(endsAt, timezone)}. A manager at this kiosk can allow it now; it is noted for review.`}
        busy={busy}
        error={error}
        lock={lock}
        timezone={timezone}
        nameOf={nameOf}
        onSubmit={onManagerPin}
        onCancel={onCancel}
      />
    </section>
  );
}
