// Where the service should send webhooks, and how to tell it: the local URL, a public tunnel,
// and the exact steps on the integrations dashboard.
import { useState } from 'react';
import { api } from '../../api-context';
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { useAppStore } from '../../store';
import { CopyButton } from '../../components/copy-button';
import { ListenerSettingsForm } from './listener-settings-form';
import { StaffProblem } from '../../components/staff-problem';

export function ListenerCard() {
  const listener = useAppStore((s) => s.listener);
  const tunnel = useAppStore((s) => s.tunnel);
  const settings = useAppStore((s) => s.webhookSettings);
  const connection = useAppStore((s) => s.connection);
  const [authtoken, setAuthtoken] = useState('');
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const request = useAction();
  const applyWebhookState = useAppStore((s) => s.applyWebhookState);
  if (!listener || !settings) return null;
  const publicUrl = tunnel?.publicUrl ?? null;
  const dashboard = connection?.settings.baseUrl
    ? `${connection.settings.baseUrl}/manager/integrations`
    : '{base_url}/manager/integrations';
  const prefix = connection?.settings.headerPrefix ?? 'Service';

  const saveSecret = async () => {
    setMessage(null);
    // Settings have no push event of their own: show what main now holds ("(set)", registration).
    const state = await request.run(() => api().saveWebhookSettings({ secret: secret || null }));
    if (!state) return;
    applyWebhookState(state);
    setSecret('');
    setMessage(
      secret
        ? 'Signature secret saved: unsigned or wrongly signed deliveries are now rejected.'
        : 'Signature secret removed.',
    );
  };

  return (
    <section className="card listener-card" aria-label="Webhook listener">
      <h2>Receiving webhooks</h2>
      <div data-testid="listener-state">
        {listener.state === 'listening' ? (
          <p>
            Listening at <code>{listener.url}</code> <CopyButton text={listener.url ?? ''} />
          </p>
        ) : (
          <StaffProblem
            message={listener.problem ?? listener.message ?? LISTENER_STATES[listener.state]}
            tone={listener.state === 'error' ? 'error' : 'warning'}
          />
        )}
      </div>
      {settings.sandboxRegistered ? (
        <p className="hint">
          The embedded sandbox delivers here directly; it was registered for you with a signature secret.
        </p>
      ) : (
        <ol className="steps">
          <li>
            Open the integrations dashboard at <code>{dashboard}</code>.
          </li>
          <li>
            Add an endpoint with the URL{' '}
            {publicUrl ? (
              <code>{publicUrl}</code>
            ) : (
              'of a public tunnel (below) or your own HTTPS proxy to this listener'
            )}
            .
          </li>
          <li>Tick only the event types you need, set a signature secret, and enter the same secret here.</li>
          <li>
            Deliveries then carry <code>X-{prefix}-Signature</code>; the list below shows each as verified or rejected.
          </li>
        </ol>
      )}
      {!settings.hasSecret && (
        <p className="warning problem" data-testid="secret-needed">
          A webhook signature secret is needed: without one, deliveries are listed below for inspection but change
          nothing (tabs board, gift cards, labor). Enter the same secret as on the service&apos;s dashboard.
        </p>
      )}
      <div className="fields inline">
        <label>
          Signature secret{' '}
          {settings.hasSecret ? '(set)' : '(none: deliveries are only kept for inspection and change nothing)'}
          <input
            type="password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            placeholder={settings.hasSecret ? 'type to replace' : 'same as on the dashboard'}
            autoComplete="off"
          />
        </label>
        {/* The embedded sandbox always signs (a new secret would be made at once), so removing is not offered there. */}
        {(secret || !settings.sandboxRegistered) && (
          <button onClick={saveSecret}>
            {secret ? 'Save secret' : settings.hasSecret ? 'Remove secret' : 'Save secret'}
          </button>
        )}
      </div>
      <details className="listener-more">
        <summary>Address, port, path, retention and custom header</summary>
        <ListenerSettingsForm
          key={`${settings.host}:${settings.port}${settings.path}`}
          settings={settings}
          onSaved={applyWebhookState}
        />
      </details>
      <h3>Public tunnel (ngrok)</h3>
      {tunnel?.state === 'online' ? (
        <p>
          Online at <code>{publicUrl}</code> {publicUrl && <CopyButton text={publicUrl} />}{' '}
          <button onClick={() => api().stopTunnel()}>Stop tunnel</button>
        </p>
      ) : (
        <div className="fields inline">
          <label>
            ngrok authtoken
            <input
              type="password"
              value={authtoken}
              onChange={(e) => setAuthtoken(e.target.value)}
              autoComplete="off"
            />
          </label>
          <button
            disabled={!authtoken || !settings.hasSecret || tunnel?.state === 'starting'}
            onClick={() => void request.run(() => api().startTunnel(authtoken))}
          >
            {tunnel?.state === 'starting' ? 'Starting…' : 'Start tunnel'}
          </button>
        </div>
      )}
      {!settings.hasSecret && tunnel?.state !== 'online' && (
        <p className="hint" data-testid="tunnel-needs-secret">
          Set the signature secret first: the tunnel makes this listener reachable from the internet, and without a
          secret anyone could send it events.
        </p>
      )}
      {tunnel?.state === 'error' && (
        <StaffProblem message={tunnel.problem ?? tunnel.message ?? 'The tunnel stopped.'} />
      )}
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
      <ActionProblem action={request} />
    </section>
  );
}

const LISTENER_STATES: Record<'starting' | 'stopped' | 'error', string> = {
  starting: 'The listener is starting…',
  stopped: 'The listener is stopped: no webhooks are received until it starts again.',
  error: 'The listener could not start.',
};
