// A labelled whole-number field for the settings forms (minutes, hours, seconds), in the unit a
// manager thinks in: `scale` turns the shown unit into the stored one (hours shown, minutes kept:
// 60). What is typed is never kept below 0, and a field emptied while typing holds 0. `problem`:
// why the value is not allowed, said under the field, which takes the focus so it is in view.
import { useEffect, useId, useRef } from 'react';

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
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  useEffect(() => {
    if (problem) input.current?.focus();
  }, [problem]);
  return (
    <label>
      {label}
      <input
        ref={input}
        value={String(Math.round((value / scale) * 100) / 100)}
        inputMode={scale === 1 ? 'numeric' : 'decimal'}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => onChange(Math.max(0, Math.round(Number(e.target.value) * scale) || 0))}
      />
      {problem && (
        <span id={problemId} className="k-error k-field-error" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
