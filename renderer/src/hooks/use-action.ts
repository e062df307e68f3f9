// One request at a time for a button, with its error kept for the screen where the user acted:
// in the staff's words, the technical text kept as `detail` for the "Details" disclosure.
import { useCallback, useState } from 'react';
import type { ErrorPayload } from '../../../shared/app-error';
import { errorMessage, errorPayload, staffWords } from '../../../shared/errors';
import { useVenueZone } from './use-venue-zone';

export function useAction() {
  const timezone = useVenueZone();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; detail: string | null; payload?: ErrorPayload } | null>(null);
  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setProblem(null);
      try {
        return await action();
      } catch (e) {
        const words = staffWords(e, { timezone });
        if (words.detail) console.warn(`[venue] ${words.text} — ${words.detail}`);
        setProblem({ ...words, payload: errorPayload(e) });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [timezone],
  );
  /** A sentence already in staff words, or a failure the core reported with its kind (worded here). */
  const setError = useCallback(
    (failure: ErrorPayload | string | null) =>
      setProblem(
        failure === null
          ? null
          : typeof failure === 'string'
            ? { text: failure, detail: null }
            : { ...staffWords(failure, { timezone }), payload: failure },
      ),
    [timezone],
  );
  return {
    busy,
    error: problem?.text ?? null,
    detail: problem?.detail ?? null,
    /** The last failure's kind and data, for screens that show more than a sentence (a lock's countdown). */
    payload: problem?.payload ?? null,
    setError,
    run,
  };
}

/** The core's sentence without transport noise ("Error invoking remote method…"). */
export function cleanError(e: unknown): string {
  return errorMessage(e);
}
