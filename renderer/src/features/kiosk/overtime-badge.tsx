// The board's overtime badge: "Overtime at 9:40 PM · 8 h today" while it is coming within the
// warning window, "Overtime since 9:40 PM" once reached; times on the venue's clock.
import type { BoardRow, LaborSettings } from '../../../../shared/labor';
import { boardOvertime, thresholdWords } from '../../../../shared/labor-rules/board-overtime';
import { clockTime } from './format';

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
  const badge = boardOvertime(row, settings, now);
  if (!badge) return null;
  const pay = badge.crossing.pay === 'double-time' ? 'Double time' : 'Overtime';
  const when = badge.when === 'soon' ? 'at' : 'since';
  return (
    <span
      className={`k-badge ${badge.when === 'soon' ? 'k-alert-overtime-soon' : 'k-alert-overtime'}`}
      data-testid="overtime-badge"
    >
      {pay} {when} {clockTime(badge.at, timezone)} · {thresholdWords(badge)}
    </span>
  );
}
