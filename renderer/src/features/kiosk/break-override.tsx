// A break ended before the venue's minimum: say until when it runs, and let a manager standing at
// this kiosk allow it with their PIN (or go back and keep the break).
import { PinPad, type ManagerApprovalProps } from './pin-pad';
import { useKioskText } from '../i18n/use-kiosk-text';

export interface BreakOverrideProps extends ManagerApprovalProps {
  name: string;
  minimumMinutes: number;
  endsAt: number;
}

export function BreakOverride({ name, minimumMinutes, endsAt, onManagerPin, ...pad }: BreakOverrideProps) {
  const { t, time } = useKioskText();
  return (
    <section className="k-break-override" aria-label={t('breakOverride.label')} data-testid="break-too-short">
      <PinPad
        title={t('breakOverride.title')}
        hint={t('breakOverride.hint', {
          name: name.split(' ')[0],
          minutes: minimumMinutes,
          time: time(endsAt, pad.timezone),
        })}
        {...pad}
        onSubmit={onManagerPin}
      />
    </section>
  );
}
