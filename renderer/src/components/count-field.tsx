// A labelled whole-number field for the settings forms (minutes, hours, seconds), in the unit a
// manager thinks in: `scale` turns the shown unit into the stored one (hours shown, minutes kept:
// 60). What is typed is never kept below 0, and a field emptied while typing holds 0. `problem`:
// why the value is not allowed, said under the field (./field-problem).
import { useFieldProblem } from './field-problem';

export function CountField({
  label,
  value,
  scale = 1,
  problem = null,
  onChange,
}: {
  label: string;
  value: number;
  scale?: number;
  problem?: string | null;
  onChange(value: number): void;
}) {
  const { inputProps, note } = useFieldProblem(problem);
  return (
    <label>
      {label}
      <input
        {...inputProps}
        value={String(Math.round((value / scale) * 100) / 100)}
        inputMode={scale === 1 ? 'numeric' : 'decimal'}
        required
        onChange={(e) => onChange(Math.max(0, Math.round(Number(e.target.value) * scale) || 0))}
      />
      {note}
    </label>
  );
}
