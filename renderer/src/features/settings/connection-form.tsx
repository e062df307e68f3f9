import { useEffect, useState } from 'react';
import type { ConnectionMode, ConnectionSettings } from '../../../../shared/domain';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';

export function ConnectionForm({ settings, problem }: { settings: ConnectionSettings; problem: string | null }) {
  const [mode, setMode] = useState<ConnectionMode>(settings.mode);
  const [baseUrl, setBaseUrl] = useState(settings.mode === 'remote' ? settings.baseUrl : '');
  const [accessId, setAccessId] = useState(settings.mode === 'remote' ? settings.accessId : '');
  const [accessSecret, setAccessSecret] = useState('');
  const [headerPrefix, setHeaderPrefix] = useState(settings.headerPrefix);
  const [redirectPort, setRedirectPort] = useState(String(settings.redirectPort));
  const save = useAction();
  const test = useAction();

  useEffect(() => setHeaderPrefix(settings.headerPrefix), [settings.headerPrefix]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const port = Number(redirectPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      save.setError('The sign-in redirect port must be a whole number from 0 to 65535 (0 picks a free port).');
      return;
    }
    await save.run(() =>
      api().saveConnection({
        mode,
        headerPrefix,
        redirectPort: port,
        ...(mode === 'remote' ? { baseUrl, accessId, ...(accessSecret ? { accessSecret } : {}) } : {}),
      }),
    );
    setAccessSecret('');
  };

  return (
    <form className="card" onSubmit={submit} aria-label="Connection">
      <h2>Connection</h2>
      <fieldset className="choice">
        <label>
          <input type="radio" name="mode" checked={mode === 'sandbox'} onChange={() => setMode('sandbox')} />
          Embedded sandbox (practice venue on this computer)
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'remote'} onChange={() => setMode('remote')} />
          Real service
        </label>
      </fieldset>
      {mode === 'sandbox' ? (
        <p className="hint">
          The sandbox runs inside the app at <code>{settings.mode === 'sandbox' ? settings.baseUrl || 'starting…' : 'its own address once chosen'}</code> with
          demo credentials. Nothing you do here reaches a real venue.
        </p>
      ) : (
        <div className="fields">
          <label>
            Base URL
            <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://…" required inputMode="url" />
          </label>
          <label>
            API access id
            <input value={accessId} onChange={(e) => setAccessId(e.target.value)} required autoComplete="off" />
          </label>
          <label>
            API access secret
            <input
              type="password"
              value={accessSecret}
              onChange={(e) => setAccessSecret(e.target.value)}
              placeholder={settings.hasSecret ? 'stored — type to replace' : ''}
              required={!settings.hasSecret}
              autoComplete="off"
            />
          </label>
        </div>
      )}
      <div className="fields">
        <label>
          Header prefix (as in X-Service-Signature)
          <input value={headerPrefix} onChange={(e) => setHeaderPrefix(e.target.value)} required pattern="[A-Za-z0-9-]{1,64}" />
        </label>
        <label>
          Sign-in redirect port (0 = any free port)
          <input value={redirectPort} onChange={(e) => setRedirectPort(e.target.value)} inputMode="numeric" />
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : 'Save connection'}
        </button>
        <button type="button" disabled={test.busy} onClick={() => test.run(() => api().testConnection())}>
          {test.busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {(save.error || test.error || problem) && <p className="error" role="alert">{save.error ?? test.error ?? problem}</p>}
    </form>
  );
}
