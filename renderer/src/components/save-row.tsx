// The end of a form that saves: what refused the last save, the submit button (then any other
// button the form passes, such as Cancel), and "Saved." once the save went through (the form
// clears it on the next edit).
import type { ReactNode } from 'react';

export function SaveRow({
  label,
  error,
  busy,
  saved = false,
  children,
}: {
  label: string;
  error: string | null;
  busy: boolean;
  saved?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p className="k-error" role="alert">
          {error}
        </p>
      )}
      <div className="k-row">
        <button type="submit" className="k-small k-small-go" disabled={busy}>
          {label}
        </button>
        {children}
        {saved && <span className="k-hint">Saved.</span>}
      </div>
    </>
  );
}
