// The one way a PIN is typed: masked, a number pad on touch screens, digits only (anything else is
// dropped as it is typed), and 4 to 8 of them before the form will submit.
import type { InputHTMLAttributes } from 'react';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'pattern'>;

export function PinInput({ value, onChange, ...rest }: Passed & { value: string; onChange(pin: string): void }) {
  return (
    <input
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      inputMode="numeric"
      type="password"
      pattern="\d{4,8}"
      autoComplete="off"
    />
  );
}
