// Only on the embedded sandbox: make the practice venue send any event, or a forged one, to see
// how the app verifies and shows it.
import { useState } from 'react';
import { errorMessage } from '../../../../shared/errors';
import { WEBHOOK_EVENT_TYPES } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { useAppStore } from '../../store';
import { DeliveryAttempts } from './delivery-attempts';

export function SandboxPanel() {
  const mode = useAppStore((s) => s.connection?.settings.mode);
  const [type, setType] = useState<string>('ORDER_PLACED');
  const [data, setData] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const request = useAction();
  if (mode !== 'sandbox') return null;
  const trigger = async (forge: boolean) => {
    const given = parseData(data);
    setMessage(null);
    if (typeof given === 'string') return request.setError(given);
    const result = await request.run(() =>
      api().triggerSandboxEvent({ type, forge, ...(given ? { data: given } : {}) }),
    );
    if (result) setMessage(result.message);
  };
  return (
    <section className="sandbox-panel card" aria-label="Sandbox controls">
      <h2>Sandbox: send a test event</h2>
      <div className="actions">
        <label>
          Sandbox event
          <select aria-label="Sandbox event" value={type} onChange={(e) => setType(e.target.value)}>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <button className="primary" onClick={() => void trigger(false)}>
          Trigger
        </button>
        <button onClick={() => void trigger(true)}>Send forged</button>
      </div>
      <label className="sandbox-data">
        Event data (JSON, merged over the defaults; empty for the defaults)
        <textarea
          aria-label="Event data"
          rows={2}
          value={data}
          onChange={(e) => setData(e.target.value)}
          placeholder='{"name": "Table 12", "total": 4200}'
          spellCheck={false}
        />
      </label>
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
      <ActionProblem action={request} />
      <DeliveryAttempts />
    </section>
  );
}

/** The typed data as an object, null when left empty, or a sentence saying what is wrong. */
function parseData(text: string): Record<string, unknown> | null | string {
  if (!text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `Event data is not JSON: ${errorMessage(error)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'Event data must be a JSON object, like {"total": 4200}';
  return value as Record<string, unknown>;
}
