// A labelled one-line text box whose value lives in the form's state. The browser offers no saved
// entries: what is typed here is a name or an id for this venue, not the user's own details.
import type { InputHTMLAttributes, ReactNode } from 'react';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

export function TextField({
  label,
  value,
  onChange,
  children,
  ...rest
}: Passed & { label: string; value: string; onChange(value: string): void; children?: ReactNode }) {
  return (
    <label>
      {label}
      <input {...rest} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      {children}
    </label>
  );
}
