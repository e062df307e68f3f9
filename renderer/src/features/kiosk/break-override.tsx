// A break ended before the venue's minimum: say until when it runs, and let a manager standing at
// this kiosk allow it with their PIN (or go back and keep the break).
import { PinPad, type PadLock } from './pin-pad';
import { useKioskText } from '../i18n/use-kiosk-text';

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
  const { t, time } = useKioskText();
  return (
    <section className="k-break-override" aria-label={t('breakOverride.label')} data-testid="break-too-short">
      <PinPad
        title={t('breakOverride.title')}
        hint={t('breakOverride.hint', {
          name: name.split(' ')[0],
          minutes: minimumMinutes,
          time: time(endsAt, timezone),
        })}
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
