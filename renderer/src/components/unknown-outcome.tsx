// The one way every screen shows a `once` request whose outcome is unknown (a refund, a pass order,
// a gift-card sale, a timesheet edit, a punch): what may have happened, "Check again", and what the
// last check found. Check again sends the same request with the same id, which the core answers
// with its recorded outcome or a read of the service, never a second write; the screen keeps its
// own button off until a check decides. A second request, where a screen offers one, is a separate
// choice behind a warning, so nobody makes one by pressing the button they pressed before.
import { useState } from 'react';
import './unknown-outcome.css';

/** Every word the box shows, in the screen's language (the kiosk's may be Spanish). */
export interface UnknownOutcomeWords {
  /** What may have happened: "This refund may have been made". */
  title: string;
  /** What is known and what to do. */
  text: string;
  check: string;
  checking: string;
  /** The label of the technical text's disclosure. */
  details: string;
}

/** A new request of the same kind, made only after this warning (a new request id). */
export interface SecondRequest {
  /** The button that shows the warning: "Refund again…". */
  offer: string;
  warning: string;
  confirm: string;
  cancel: string;
  onConfirm(): void;
}

export function UnknownOutcome({
  words,
  checked = null,
  detail = null,
  busy,
  onCheck,
  second,
  buttonClass = '',
}: {
  words: UnknownOutcomeWords;
  /** What the last "Check again" found, when it did not decide the outcome. */
  checked?: string | null;
  /** The technical text of the answer, for whoever is asked to help. */
  detail?: string | null;
  busy: boolean;
  onCheck(): void;
  second?: SecondRequest;
  /** The screen's button size ('big', 'k-big', 'k-small'). */
  buttonClass?: string;
}) {
  const [warned, setWarned] = useState(false);
  const button = (extra: string) => [buttonClass, extra].filter(Boolean).join(' ') || undefined;
  return (
    <div className="unknown-outcome" role="alert" data-testid="unknown-outcome">
      <strong className="unknown-outcome-title">{words.title}</strong>
      <p>{words.text}</p>
      {checked && (
        <p className="unknown-outcome-checked" data-testid="unknown-outcome-checked">
          {checked}
        </p>
      )}
      {detail && (
        <details className="problem-details">
          <summary>{words.details}</summary>
          <code>{detail}</code>
        </details>
      )}
      {second && warned && (
        <p className="unknown-outcome-warning" data-testid="second-request-warning">
          {second.warning}
        </p>
      )}
      <div className="unknown-outcome-actions">
        {second && warned ? (
          <>
            <button
              type="button"
              className={button('danger')}
              disabled={busy}
              onClick={() => {
                setWarned(false);
                second.onConfirm();
              }}
            >
              {second.confirm}
            </button>
            <button type="button" className={button('')} onClick={() => setWarned(false)}>
              {second.cancel}
            </button>
          </>
        ) : (
          <>
            <button type="button" className={button('primary')} disabled={busy} onClick={onCheck}>
              {busy ? words.checking : words.check}
            </button>
            {second && (
              <button type="button" className={button('')} disabled={busy} onClick={() => setWarned(true)}>
                {second.offer}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
