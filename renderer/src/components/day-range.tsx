// A From and To pair of day inputs that cannot cross: From stops at To and To starts at From. A
// cleared input (the browser's empty value) changes nothing, so a range always has both days.
export interface DayRangeProps {
  from: string;
  to: string;
  onFrom(day: string): void;
  onTo(day: string): void;
}

export function DayRange({ from, to, onFrom, onTo }: DayRangeProps) {
  return (
    <>
      <label>
        From
        <input type="date" value={from} max={to} onChange={(e) => e.target.value && onFrom(e.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={to} min={from} onChange={(e) => e.target.value && onTo(e.target.value)} />
      </label>
    </>
  );
}
