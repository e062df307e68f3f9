// A message the core reported in its own terms (a listener that could not bind, a tunnel or sign-in
// that failed, a service that is unreachable) shown the way useAction shows a failed click: one
// sentence in staff words, the original behind "Details".
import type { ErrorPayload } from '../../../shared/app-error';
import { ManagerPinNeeded } from '../features/manager-access/manager-pin-needed';
import { needsManagerPin } from '../features/manager-access/use-settings-access';
import { staffWords } from '../../../shared/errors';
import { useVenueZone } from '../hooks/use-venue-zone';
import { Problem } from './problem';

export function StaffProblem({
  message,
  prefix = '',
  tone,
}: {
  /** The failure with its kind when the core reported one, else the core's sentence. */
  message: ErrorPayload | string | null | undefined;
  prefix?: string;
  tone?: 'error' | 'warning';
}) {
  const timezone = useVenueZone();
  if (!message) return null;
  const words = staffWords(message, { timezone });
  return <Problem text={prefix + words.text} detail={words.detail} tone={tone} />;
}

/**
 * For a request whose error is kept by useAction: its text and detail, or nothing. A settings
 * request refused for want of a manager brings the manager PIN prompt with it.
 */
export function ActionProblem({
  action,
  afterSignIn,
}: {
  action: {
    error: string | null;
    detail: string | null;
    payload?: ErrorPayload | null;
    setError?(failure: null): void;
  };
  /** What the refused click asked, done again once the manager has signed in (else they repeat it). */
  afterSignIn?(): void;
}) {
  if (action.error && needsManagerPin(action.payload))
    return (
      <ManagerPinNeeded
        text={action.error}
        detail={action.detail}
        onSignedIn={() => {
          action.setError?.(null);
          afterSignIn?.();
        }}
      />
    );
  return <Problem text={action.error} detail={action.detail} />;
}
