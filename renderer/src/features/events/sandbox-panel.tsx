// Only on the embedded sandbox: make the practice venue send any event, or a forged one, to see
// how the app verifies and shows it.
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { useAppStore } from '../../store';

export function SandboxPanel() {
  const mode = useAppStore((s) => s.connection?.settings.mode);
  const [type, setType] = useState<string>('ORDER_PLACED');
  const [message, setMessage] = useState<string | null>(null);
  if (mode !== 'sandbox') return null;
  const trigger = async (forge: boolean) => {
    try {
      setMessage((await api().triggerSandboxEvent({ type, forge })).message);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="sandbox-panel" aria-label="Sandbox controls">
      <div className="actions">
        <label>
          Sandbox event
          <select aria-label="Sandbox event" value={type} onChange={(e) => setType(e.target.value)}>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <button className="primary" onClick={() => trigger(false)}>
          Trigger
        </button>
        <button onClick={() => trigger(true)}>Send forged</button>
      </div>
      {message && <p className="hint" role="status">{message}</p>}
    </section>
  );
}
