// Copies text to the clipboard and says so; falls back to selecting a text box where the
// clipboard is not available (an http page in some browsers).
import { useState } from 'react';
import { errorMessage } from '../../../shared/errors';

export function CopyButton({ text, label = 'Copy' }: { text: string | (() => Promise<string>); label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | { manual: string } | { error: string }>('idle');
  const copy = async () => {
    let value = '';
    try {
      value = typeof text === 'string' ? text : await text();
      await navigator.clipboard.writeText(value);
      setState('copied');
      setTimeout(() => setState('idle'), 2000);
    } catch (e) {
      setState(value ? { manual: value } : { error: errorMessage(e) });
    }
  };
  return (
    <span className="copy">
      <button type="button" onClick={copy}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      {typeof state === 'object' && 'manual' in state && (
        <input
          readOnly
          className="mono"
          value={state.manual}
          onFocus={(e) => e.target.select()}
          autoFocus
          aria-label="Copy this text"
        />
      )}
      {typeof state === 'object' && 'error' in state && <span className="error">{state.error}</span>}
    </span>
  );
}
