// Where the listener listens and what it demands of each delivery. The custom header's value is a
// credential: it is sent to main and never shown again, like the signature secret.
import { useState } from 'react';
import type { WebhookSettingsView, WebhookState } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { ActionProblem } from '../../components/staff-problem';

export function ListenerSettingsForm({
  settings,
  onSaved,
}: {
  settings: WebhookSettingsView;
  onSaved: (state: WebhookState) => void;
}) {
  const [host, setHost] = useState(settings.host);
  const [port, setPort] = useState(String(settings.port));
  const [path, setPath] = useState(settings.path);
  const [retention, setRetention] = useState(String(settings.retentionEvents));
  const [headerName, setHeaderName] = useState(settings.customHeaderNames[0] ?? '');
  const [headerValue, setHeaderValue] = useState('');
  const action = useAction();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const portNumber = Number(port);
    const retentionNumber = Number(retention);
    if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535)
      return action.setError('The port must be a whole number from 0 to 65535 (0 picks a free port).');
    if (!Number.isInteger(retentionNumber) || retentionNumber < 1000)
      return action.setError('Keep at least 1 000 events.');
    const headerChanged = headerValue !== '' || (headerName === '' && settings.customHeaderNames.length > 0);
    if (headerValue !== '' && headerName === '')
      return action.setError('Give the custom header a name, like Authorization.');
    const state = await action.run(() =>
      api().saveWebhookSettings({
        host,
        port: portNumber,
        path,
        retentionEvents: retentionNumber,
        ...(headerChanged ? { customHeaders: headerName && headerValue ? { [headerName]: headerValue } : {} } : {}),
      }),
    );
    if (state) {
      setHeaderValue('');
      onSaved(state);
    }
  };

  return (
    <form className="listener-settings" onSubmit={save} aria-label="Listener settings">
      <div className="fields inline">
        <label>
          Address
          <select value={host} onChange={(e) => setHost(e.target.value)}>
            <option value="127.0.0.1">127.0.0.1 (this computer only)</option>
            <option value="0.0.0.0">0.0.0.0 (also the local network)</option>
          </select>
        </label>
        <label>
          Port (0 = any free port)
          <input value={port} onChange={(e) => setPort(e.target.value)} inputMode="numeric" />
        </label>
        <label>
          Path
          <input value={path} onChange={(e) => setPath(e.target.value)} pattern="/[A-Za-z0-9/_\-]*" />
        </label>
        <label>
          Events kept
          <input value={retention} onChange={(e) => setRetention(e.target.value)} inputMode="numeric" />
        </label>
      </div>
      {host !== '127.0.0.1' && !settings.hasSecret && (
        <p className="hint" data-testid="network-needs-secret">
          Set the signature secret first: on the local network anyone could otherwise send this listener events.
        </p>
      )}
      <div className="fields inline">
        <label>
          Required custom header{' '}
          {settings.customHeaderNames.length > 0 ? `(set: ${settings.customHeaderNames.join(', ')})` : '(none)'}
          <input
            value={headerName}
            onChange={(e) => setHeaderName(e.target.value)}
            placeholder="e.g. Authorization"
            autoComplete="off"
          />
        </label>
        <label>
          Its value
          <input
            type="password"
            value={headerValue}
            onChange={(e) => setHeaderValue(e.target.value)}
            placeholder={settings.customHeaderNames.length ? 'type to replace' : 'as set on the dashboard'}
            autoComplete="off"
          />
        </label>
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Saving…' : 'Save listener settings'}
        </button>
      </div>
      <ActionProblem action={action} />
    </form>
  );
}
