import type { ConnectionStatus } from '../../../../shared/domain';
import { api } from '../../api-context';
import { describeToken } from './format';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { useAction } from '../../hooks/use-action';
import { ActionProblem, StaffProblem } from '../../components/staff-problem';

export function SignInCard({ connection }: { connection: ConnectionStatus }) {
  const timezone = useVenueZone();
  const action = useAction();
  const { user, signIn } = connection;

  const start = () =>
    action.run(async () => {
      const { authorizeUrl, openedExternally } = await api().startUserSignIn();
      // In a browser (headless host) the core cannot open a window for us: open the consent page here.
      if (!openedExternally) window.open(authorizeUrl, '_blank', 'noopener');
    });

  return (
    <section className="card" aria-label="User sign-in">
      <h2>Sign in as a user</h2>
      {user && !user.needsSignIn ? (
        <p data-testid="user-status">
          Signed in{user.label ? ` as ${user.label}` : ''}. User token:{' '}
          <strong>{describeToken(user.token, timezone)}</strong>
        </p>
      ) : user?.needsSignIn ? (
        <p className="warning" role="alert">
          Your sign-in has ended (the service no longer accepts it). Sign in again to act as a user.
        </p>
      ) : (
        <p>Not signed in. Signing in lets the app act as you, limited to the locations you can access.</p>
      )}
      {signIn.state === 'waiting' && (
        <p className="hint">
          Waiting for you to confirm in the browser.{' '}
          <a href={signIn.authorizeUrl} target="_blank" rel="noreferrer">
            Open the sign-in page again
          </a>
        </p>
      )}
      {signIn.state === 'failed' && (
        <StaffProblem prefix="Sign-in failed. " message={signIn.problem ?? signIn.message ?? 'No reason was given.'} />
      )}
      <div className="actions">
        {signIn.state === 'waiting' ? (
          <button onClick={() => action.run(() => api().cancelUserSignIn())}>Cancel sign-in</button>
        ) : (
          <button className="primary" disabled={action.busy} onClick={start}>
            {user && !user.needsSignIn ? 'Sign in as someone else' : 'Sign in as a user'}
          </button>
        )}
        {user && (
          <button disabled={action.busy} onClick={() => action.run(() => api().signOut())}>
            Sign out
          </button>
        )}
      </div>
      <ActionProblem action={action} />
    </section>
  );
}
