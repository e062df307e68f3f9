// The board's overtime badge: "Overtime at 9:40 PM · 8 h today" while it is coming within the
// warning window, "Overtime since 9:40 PM" once reached; times on the venue's clock.
import type { BoardRow, LaborSettings } from '../../../../shared/labor';
import { boardOvertime, thresholdOf } from '../../../../shared/labor-rules/board-overtime';
import { useKioskText } from '../i18n/use-kiosk-text';

export function OvertimeBadge({
  row,
  settings,
  timezone,
  now,
}: {
  row: BoardRow;
  settings: LaborSettings;
  timezone: string | null;
  now: number;
}) {
  const { t, time, locale } = useKioskText();
  const badge = boardOvertime(row, settings, now);
  if (!badge) return null;
  const threshold = thresholdOf(badge);
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(threshold.hours);
  const pay = badge.crossing.pay === 'double-time' ? 'double' : 'overtime';
  const when = badge.when === 'soon' ? 'Soon' : 'Now';
  return (
    <span
      className={`k-badge ${badge.when === 'soon' ? 'k-alert-overtime-soon' : 'k-alert-overtime'}`}
      data-testid="overtime-badge"
    >
      {t(`overtime.${pay}${when}`, {
        time: time(badge.at, timezone),
        threshold: t(`overtime.${threshold.rule}`, { hours }),
      })}
    </span>
  );
}
