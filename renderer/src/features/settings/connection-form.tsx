import { useEffect, useState } from 'react';
import type { ConnectionMode, ConnectionSettings } from '../../../../shared/domain';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { CopyButton } from '../../components/copy-button';
import { ActionProblem, StaffProblem } from '../../components/staff-problem';
import type { ErrorPayload } from '../../../../shared/app-error';
import { Problem } from '../../components/problem';
import { connectionTestWords, type ConnectionTestWords } from './connection-test-words';

export function ConnectionForm({
  settings,
  problem,
}: {
  settings: ConnectionSettings;
  problem: ErrorPayload | string | null;
}) {
  const [mode, setMode] = useState<ConnectionMode>(settings.mode);
  const [baseUrl, setBaseUrl] = useState(settings.mode === 'remote' ? settings.baseUrl : '');
  const [accessId, setAccessId] = useState(settings.mode === 'remote' ? settings.accessId : '');
  const [accessSecret, setAccessSecret] = useState('');
  const [headerPrefix, setHeaderPrefix] = useState(settings.headerPrefix);
  const [redirectPort, setRedirectPort] = useState(String(settings.redirectPort));
  // The saved secret is bound to the saved address (the core refuses to send it anywhere else).
  const newAddress =
    mode === 'remote' && settings.mode === 'remote' && baseUrl.trim().replace(/\/+$/, '') !== settings.baseUrl;
  const save = useAction();
  const test = useAction();
  const reset = useAction();
  const [tested, setTested] = useState<ConnectionTestWords | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetDone, setResetDone] = useState<string | null>(null);

  useEffect(() => setHeaderPrefix(settings.headerPrefix), [settings.headerPrefix]);

  /** The values on screen, as Save would send them (Test tries them without saving). */
  const formInput = (port: number) => ({
    mode,
    headerPrefix,
    redirectPort: port,
    ...(mode === 'remote' ? { baseUrl, accessId, ...(accessSecret ? { accessSecret } : {}) } : {}),
  });

  const runTest = async () => {
    setTested(null);
    const port = Number(redirectPort);
    const result = await test.run(() =>
      api().testConnection(formInput(Number.isInteger(port) && port >= 0 && port <= 65535 ? port : 0)),
    );
    if (result) setTested(connectionTestWords(result.test));
  };

  const runReset = async () => {
    setResetDone(null);
    const done = await reset.run(() => api().resetPracticeVenue());
    setConfirmReset(false);
    if (done) setResetDone('The practice venue was started over from the demo data.');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const port = Number(redirectPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      save.setError('The sign-in redirect port must be a whole number from 0 to 65535 (0 picks a free port).');
      return;
    }
    setTested(null);
    await save.run(() => api().saveConnection(formInput(port)));
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
          The sandbox runs inside the app at{' '}
          <code>{settings.mode === 'sandbox' ? settings.baseUrl || 'starting…' : 'its own address once chosen'}</code>{' '}
          with demo credentials. Nothing you do here reaches a real venue. What you do in it is kept in the data folder,
          across a switch to a real service and back and across restarts.
        </p>
      ) : (
        <div className="fields">
          <label>
            Base URL
            <input
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              placeholder="https://…"
              required
              inputMode="url"
            />
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
              placeholder={settings.hasSecret && !newAddress ? 'stored — type to replace' : ''}
              required={!settings.hasSecret || newAddress}
              autoComplete="off"
            />
            {settings.hasSecret && newAddress && (
              <span className="hint">
                A new address needs the secret typed again: the saved one is only sent to {settings.baseUrl}.
              </span>
            )}
          </label>
        </div>
      )}
      {settings.mode === 'sandbox' && mode === 'remote' && (
        // Said before Save, not after: Save alone changes nothing for the staff; the PINs go only
        // once the service answers (an address that never answers must not lock anyone out).
        <p className="hint" data-testid="leave-practice-note">
          When this service answers with these credentials, the practice venue&apos;s PINs (manager 9999 and the demo
          staff&apos;s) stop working; the people stay on the staff list for a manager to give them PINs of their own,
          and if no manager has one yet the app asks for the first manager&apos;s PIN. Until the service answers nothing
          is removed, and switching back to the practice venue keeps every PIN.
        </p>
      )}
      <div className="fields">
        <label>
          Header prefix (as in X-Service-Signature)
          <input
            value={headerPrefix}
            onChange={(e) => setHeaderPrefix(e.target.value)}
            required
            pattern="[A-Za-z0-9-]{1,64}"
          />
        </label>
        <label>
          Sign-in redirect port (0 = any free port)
          <input value={redirectPort} onChange={(e) => setRedirectPort(e.target.value)} inputMode="numeric" />
        </label>
      </div>
      {settings.redirectUrl ? (
        <p className="hint" data-testid="redirect-url">
          Register this sign-in redirect URL on the service&apos;s dashboard, exactly:{' '}
          <code>{settings.redirectUrl}</code> <CopyButton text={settings.redirectUrl} label="Copy redirect URL" />
        </p>
      ) : (
        <p className="hint" data-testid="redirect-url">
          With port 0 the sign-in redirect URL changes every time; a real service needs a fixed port whose URL is
          registered on its dashboard.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : 'Save connection'}
        </button>
        <button type="button" disabled={test.busy} onClick={() => void runTest()}>
          {test.busy ? 'Testing…' : 'Test connection'}
        </button>
        {settings.mode === 'sandbox' && mode === 'sandbox' && !confirmReset && (
          <button
            type="button"
            onClick={() => {
              setResetDone(null);
              setConfirmReset(true);
            }}
          >
            Reset practice venue…
          </button>
        )}
      </div>
      {confirmReset && (
        <div className="confirm" role="group" aria-label="Reset practice venue">
          <p>
            Start the practice venue over? Its shifts, tabs, gift cards, subscriptions and sign-ins go back to the demo
            data. The app&apos;s own event log and punch history stay.
          </p>
          <div className="actions">
            <button type="button" className="danger" disabled={reset.busy} onClick={() => void runReset()}>
              {reset.busy ? 'Resetting…' : 'Reset practice venue'}
            </button>
            <button type="button" onClick={() => setConfirmReset(false)} disabled={reset.busy}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {tested && (
        <div role="status" data-testid="connection-test-result">
          {tested.ok ? (
            <p className="good-text">{tested.text}</p>
          ) : (
            <Problem text={tested.text} detail={tested.detail} />
          )}
        </div>
      )}
      {resetDone && (
        <p className="good-text" role="status">
          {resetDone}
        </p>
      )}
      <ActionProblem action={save} />
      <ActionProblem action={test} />
      <ActionProblem action={reset} />
      {!save.error && !test.error && !reset.error && <StaffProblem message={problem} />}
    </form>
  );
}
