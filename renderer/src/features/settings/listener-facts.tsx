// The webhook listener as a manager checks it in Settings: where it listens, when the last event
// came and how many deliveries it refused (the floor's status bar only says whether live updates
// arrive). Its set-up is on the Events screen.
import type { ListenerStatus } from '../../../../shared/webhooks';
import { clockTime } from '../../../../shared/time';

export function ListenerFacts({ listener, timezone }: { listener: ListenerStatus | null; timezone: string | null }) {
  if (!listener) return null;
  return (
    <>
      <dt>Webhook listener</dt>
      <dd data-testid="settings-listener">
        {listener.state === 'listening' ? (
          <>
            listening on <code>{listener.url}</code>
          </>
        ) : (
          (listener.message ?? listener.state)
        )}
      </dd>
      {listener.state === 'listening' && (
        <>
          <dt>Last webhook</dt>
          <dd data-testid="settings-last-webhook">
            {listener.lastEventAt ? clockTime(listener.lastEventAt, timezone) : 'none yet'}
            {listener.failures > 0 && `, ${listener.failures} refused (see Events)`}
          </dd>
        </>
      )}
    </>
  );
}
