// A locked PIN field's line: which pad, for whom and until when on the venue clock, with the time
// left counting down; gone once the lock is over.
import { lockWords } from '../../../shared/errors';
import { useTickUntil } from '../features/kiosk/use-now';
import type { PadLock } from '../features/kiosk/pin-pad';

export function LockLine({
  lock,
  timezone,
  className,
}: {
  lock: PadLock;
  timezone: string | null;
  className?: string;
}) {
  const now = useTickUntil(lock.until);
  if (lock.until <= now) return null;
  return (
    <span className={className} role="alert" data-testid="lock-line">
      {lockWords(lock, { timezone, now })}
    </span>
  );
}
