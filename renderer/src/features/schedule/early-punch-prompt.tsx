// A punch-in earlier than the schedule allows (the hub decided: punch-too-early). Says how early
// and from when the person can punch in; where the venue lets a manager allow it, a manager
// standing at this kiosk enters their PIN here, and the hub notes who allowed it.
import { PinPad, type ManagerApprovalProps } from '../kiosk/pin-pad';
import { useKioskText } from '../i18n/use-kiosk-text';

export interface EarlyPunchPromptProps extends ManagerApprovalProps {
  name: string;
  minutesEarly: number;
  startsAt: number;
  allowedFrom: number;
  managerMay: boolean;
}

export function EarlyPunchPrompt({
  name,
  minutesEarly,
  startsAt,
  allowedFrom,
  managerMay,
  onManagerPin,
  ...pad
}: EarlyPunchPromptProps) {
  const { t, time } = useKioskText();
  const words = {
    name: name.split(' ')[0],
    start: time(startsAt, pad.timezone),
    from: time(allowedFrom, pad.timezone),
  };
  const title = t('earlyPunch.title', { minutes: minutesEarly });
  return (
    <section className="k-break-override" aria-label={t('earlyPunch.label')} data-testid="punch-too-early">
      {managerMay ? (
        <PinPad title={title} hint={t('earlyPunch.hint', words)} {...pad} onSubmit={onManagerPin} />
      ) : (
        <div className="k-pad">
          <h2 className="k-pad-title">{title}</h2>
          <p className="k-pad-message" role="alert">
            {t('earlyPunch.blocked', words)}
          </p>
          <button type="button" className="k-link k-link-strong" onClick={pad.onCancel}>
            {t('earlyPunch.back')}
          </button>
        </div>
      )}
    </section>
  );
}
