// The "it is saved" moment: one big line a person can read from a step away, then back to the
// pad by itself. If the service is unreachable it says so, and that the punch is safe anyway.
// Where the venue turned it on, a punch-out can be printed as a slip: the slip is on the page but
// shown only on paper (print styles in styles.css).
import { useEffect } from 'react';
import type { PunchReceipt } from '../../../../shared/labor';
import { dayTime } from '../../../../shared/time';
import { useKioskText } from '../i18n/use-kiosk-text';
import { roleName } from './role-name';

const CONFIRM_SECONDS = 5;

export function Confirmation({
  receipt,
  tipsCents,
  offline,
  timezone,
  locationName,
  printSlip,
  onDone,
}: {
  receipt: PunchReceipt;
  tipsCents: number | null;
  offline: boolean;
  timezone: string | null;
  locationName: string;
  printSlip: boolean;
  onDone(): void;
}) {
  const { t, time, money, locale, language } = useKioskText();
  useEffect(() => {
    const timer = setTimeout(onDone, CONFIRM_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [onDone]);
  const name = receipt.name.split(' ')[0];
  const at = time(receipt.at, timezone);
  const line = {
    'punch-in': receipt.role
      ? t('confirm.punchInAs', { name, role: roleName(receipt.role, language), time: at })
      : t('confirm.punchIn', { name, time: at }),
    'break-start': t('confirm.breakStart', { name, time: at }),
    'break-end': t('confirm.breakEnd', { name, time: at }),
    'punch-out': tipsCents
      ? t('confirm.punchOutTips', { name, time: at, tips: money(tipsCents) })
      : t('confirm.punchOut', { name, time: at }),
  }[receipt.action];
  const slip = printSlip && receipt.action === 'punch-out';
  return (
    <section className="k-confirm" role="status" aria-live="assertive" data-testid="punch-confirmation">
      <div className="k-check no-print" aria-hidden="true">
        ✓
      </div>
      <h2 className="no-print">{t('confirm.saved')}</h2>
      <p className="k-confirm-line no-print">{line}</p>
      {offline && <p className="k-confirm-note no-print">{t('confirm.offline')}</p>}
      <div className="k-row no-print">
        {slip && (
          <button type="button" className="k-big k-secondary" onClick={() => window.print()}>
            {t('confirm.printSlip')}
          </button>
        )}
        <button type="button" className="k-big k-secondary" onClick={onDone}>
          {t('confirm.done')}
        </button>
      </div>
      {slip && (
        <section className="k-slip print-area print-only" aria-label={t('slip.label')} data-testid="clock-slip">
          <h2>{t('slip.title')}</h2>
          <dl>
            <dt>{t('slip.who')}</dt>
            <dd>{receipt.name}</dd>
            <dt>{t('slip.where')}</dt>
            <dd>{locationName}</dd>
            <dt>{t('slip.action')}</dt>
            <dd>{t(`action.${receipt.action}`)}</dd>
            <dt>{t('slip.at')}</dt>
            <dd>{dayTime(receipt.at, timezone, locale)}</dd>
            {receipt.role && (
              <>
                <dt>{t('slip.role')}</dt>
                <dd>{roleName(receipt.role, language)}</dd>
              </>
            )}
            <dt>{t('slip.tips')}</dt>
            <dd>{money(tipsCents ?? 0)}</dd>
          </dl>
          {offline && <p>{t('slip.pending')}</p>}
        </section>
      )}
    </section>
  );
}
