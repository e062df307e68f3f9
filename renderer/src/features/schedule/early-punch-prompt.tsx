// A punch-in earlier than the schedule allows (the hub decided: punch-too-early). Says how early
// and from when the person can punch in; where the venue lets a manager allow it, a manager
// standing at this kiosk enters their PIN here, and the hub notes who allowed it.
import { PinPad, type PadLock } from '../kiosk/pin-pad';
import { useKioskText } from '../i18n/use-kiosk-text';

export interface EarlyPunchPromptProps {
  name: string;
  minutesEarly: number;
  startsAt: number;
  allowedFrom: number;
  managerMay: boolean;
  timezone: string | null;
  busy: boolean;
  error: string | null;
  lock: PadLock | null;
  nameOf?: (userId: string) => string | null;
  onManagerPin(pin: string): void;
  onCancel(): void;
}

export function EarlyPunchPrompt(p: EarlyPunchPromptProps) {
  const { t, time } = useKioskText();
  const words = {
    name: p.name.split(' ')[0],
    start: time(p.startsAt, p.timezone),
    from: time(p.allowedFrom, p.timezone),
  };
  const title = t('earlyPunch.title', { minutes: p.minutesEarly });
  return (
    <section className="k-break-override" aria-label={t('earlyPunch.label')} data-testid="punch-too-early">
      {p.managerMay ? (
        <PinPad
          title={title}
          hint={t('earlyPunch.hint', words)}
          busy={p.busy}
          error={p.error}
          lock={p.lock}
          timezone={p.timezone}
          nameOf={p.nameOf}
          onSubmit={p.onManagerPin}
          onCancel={p.onCancel}
        />
      ) : (
        <div className="k-pad">
          <h2 className="k-pad-title">{title}</h2>
          <p className="k-pad-message" role="alert">
            {t('earlyPunch.blocked', words)}
          </p>
          <button type="button" className="k-link k-link-strong" onClick={p.onCancel}>
            {t('earlyPunch.back')}
          </button>
        </div>
      )}
    </section>
  );
}
