// The scan box: focused when the screen opens, so a keyboard-wedge reader can type straight into
// it; Enter looks the pass up. Typing the id by hand works the same way.
import { useEffect, useRef, useState } from 'react';

export function PassScan({ busy, onLookup }: { busy: boolean; onLookup: (id: string) => void }) {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = () => {
    const id = value.trim();
    if (!id) return;
    onLookup(id);
    setValue('');
  };
  return (
    <form
      className="pass-scan"
      aria-label="Scan a pass"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        Scan a pass or type its id
        <input
          ref={input}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. PASS-PRE-5000"
        />
      </label>
      <button className="primary big" type="submit" disabled={busy || !value.trim()}>
        {busy ? 'Looking up…' : 'Look up'}
      </button>
    </form>
  );
}
