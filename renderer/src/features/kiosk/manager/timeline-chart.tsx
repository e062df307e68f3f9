// The chosen business day as a timeline: one line per person, shifts as bars, breaks cut out of
// them, open shifts running to now. Plain SVG, scaled to the width it gets.
import type { TimesheetRow } from '../../../../../shared/labor';
import { clockTime, fromLocalInput } from '../format';

const W = 1000;
const LABEL = 150;
const ROW = 30;
const TOP = 26;

const HOUR = 3_600_000;

/** The part of the business day that has shifts, on whole hours, at least four hours wide. */
function chartWindow(
  shifts: TimesheetRow[],
  dayStart: number,
  now: number,
): { start: number; end: number; step: number } {
  const lo = Math.min(...shifts.map((s) => s.punchIn));
  const hi = Math.max(...shifts.map((s) => s.punchOut ?? now));
  // Shifts are filed under the service's fiscal day; when the venue's zone is not known here, its
  // day can start hours away from this one's, so the bounds widen to take in the day's shifts.
  const first = Math.min(dayStart, Math.floor(lo / HOUR) * HOUR);
  const last = Math.max(dayStart + 24 * HOUR, Math.ceil(hi / HOUR) * HOUR);
  let start = Math.max(first, Math.floor(lo / HOUR) * HOUR - HOUR);
  let end = Math.min(last, Math.ceil(hi / HOUR) * HOUR + HOUR);
  if (end - start < 4 * HOUR) {
    end = Math.min(last, start + 4 * HOUR);
    start = Math.max(first, end - 4 * HOUR);
  }
  const span = (end - start) / HOUR;
  return { start, end, step: span <= 6 ? HOUR : span <= 12 ? 2 * HOUR : 3 * HOUR };
}

export function TimelineChart({
  rows,
  day,
  startHour,
  timezone,
  now,
}: {
  rows: TimesheetRow[];
  day: string;
  startHour: number;
  timezone: string | null;
  now: number;
}) {
  const dayStart = fromLocalInput(`${day}T${String(startHour).padStart(2, '0')}:00`, timezone) ?? 0;
  const shifts = rows.filter((r) => r.kind === 'shift' && r.fiscalDay === day);
  const people = [...new Map(shifts.map((s) => [s.userId, s.name])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  if (people.length === 0) return <p className="k-empty">No shifts on this day.</p>;
  const { start, end, step } = chartWindow(shifts, dayStart, now);
  const x = (ms: number) => LABEL + ((Math.min(Math.max(ms, start), end) - start) / (end - start)) * (W - LABEL - 30);
  const height = TOP + people.length * ROW + 6;
  const ticks = Array.from({ length: Math.floor((end - start) / step) + 1 }, (_, i) => start + i * step);
  return (
    <svg
      className="k-timeline"
      viewBox={`0 0 ${W} ${height}`}
      role="img"
      aria-label={`Shifts and breaks on ${day}`}
      data-testid="timeline"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={TOP - 6} y2={height} className="k-tl-grid" />
          <text x={x(t)} y={14} className="k-tl-tick" textAnchor="middle">
            {clockTime(t, timezone)}
          </text>
        </g>
      ))}
      {now > start && now < end && <line x1={x(now)} x2={x(now)} y1={TOP - 6} y2={height} className="k-tl-now" />}
      {people.map(([userId, name], i) => {
        const y = TOP + i * ROW;
        return (
          <g key={userId}>
            <text x={LABEL - 8} y={y + ROW / 2 + 5} textAnchor="end" className="k-tl-name">
              {name}
            </text>
            {shifts
              .filter((s) => s.userId === userId)
              .map((s) => (
                <g key={s.uuid}>
                  <rect
                    x={x(s.punchIn)}
                    y={y + 4}
                    width={Math.max(2, x(s.punchOut ?? now) - x(s.punchIn))}
                    height={ROW - 8}
                    rx={4}
                    className={s.punchOut === null ? 'k-tl-shift open' : 'k-tl-shift'}
                  >
                    <title>{`${name}: ${clockTime(s.punchIn, timezone)} – ${s.punchOut === null ? 'still on shift' : clockTime(s.punchOut, timezone)}`}</title>
                  </rect>
                  {rows
                    .filter((b) => b.kind === 'break' && b.shiftUuid === s.uuid)
                    .map((b) => (
                      <rect
                        key={b.uuid}
                        x={x(b.punchIn)}
                        y={y + 9}
                        width={Math.max(2, x(b.punchOut ?? now) - x(b.punchIn))}
                        height={ROW - 18}
                        className="k-tl-break"
                      >
                        <title>{`Break ${clockTime(b.punchIn, timezone)} – ${b.punchOut === null ? 'now' : clockTime(b.punchOut, timezone)}`}</title>
                      </rect>
                    ))}
                </g>
              ))}
          </g>
        );
      })}
    </svg>
  );
}
