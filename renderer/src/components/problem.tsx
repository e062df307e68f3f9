// A failure as staff read it: one sentence, and the technical text behind "Details" for whoever
// is asked to help (it is also written to the log by the hook that caught it).
import type { ReactNode } from 'react';

export function Problem({
  text,
  detail,
  tone = 'error',
  children,
}: {
  text: string | null;
  detail?: string | null;
  tone?: 'error' | 'warning';
  children?: ReactNode;
}) {
  if (!text) return null;
  return (
    <div className={tone === 'error' ? 'error problem' : 'warning problem'} role="alert">
      {children}
      {text}
      {detail && detail !== text && (
        <details className="problem-details">
          <summary>Details</summary>
          <code>{detail}</code>
        </details>
      )}
    </div>
  );
}
