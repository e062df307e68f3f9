// Settings → Test connection in words: what the core found, by its outcome and the failure's kind
// and data. The core's technical text stays behind "Details".
import type { ConnectionTest } from '../../../../shared/domain';
import { staffWords } from '../../../../shared/errors';

export interface ConnectionTestWords {
  ok: boolean;
  text: string;
  detail: string | null;
}

export function connectionTestWords(test: ConnectionTest): ConnectionTestWords {
  const where = test.service === 'practice-venue' ? 'The practice venue' : (test.baseUrl ?? 'The service');
  if (test.ok) {
    if (test.baseUrl === null)
      return {
        ok: true,
        text: 'The practice venue runs inside this app with demo credentials: press Save connection to switch to it.',
        detail: null,
      };
    return {
      ok: true,
      text:
        test.credentials === 'typed'
          ? `Connected: ${where} accepted these credentials. Nothing was saved; press Save connection to use them.`
          : `Connected: ${where} accepted the saved credentials.`,
      detail: null,
    };
  }
  const { problem } = test;
  const detail = problem.message || null;
  const not = (text: string): ConnectionTestWords => ({ ok: false, text: `Not connected: ${text}`, detail });
  switch (problem.kind) {
    case 'not-signed-in':
      return not(`${where} rejected the access id or secret. Check both against the service's dashboard.`);
    case 'forbidden':
      return not(`${where} knows these credentials but does not allow this app in. Ask the service to grant access.`);
    case 'unreachable':
      return not(`nothing answered at ${where}. Check the address, and that the service is running.`);
    case 'timed-out':
      return not(`${where} did not answer in time. Try again in a moment.`);
    case 'rate-limited': {
      const wait = problem.data.retryAfterMs;
      return not(
        wait !== null && wait > 0
          ? `${where} is busy (too many requests). Try again in ${Math.ceil(wait / 1000)} seconds.`
          : `${where} is busy (too many requests). Wait a moment and try again.`,
      );
    }
    case 'cannot-read':
      return not(
        `${where} answered the sign-in request in a form this app cannot read. Check that the address is the service's API.`,
      );
    case 'service-failed':
      return not(`${where} had a problem on its side. Try again in a moment.`);
    case 'invalid':
      // A field of the form: the core's sentence says which and what to type.
      return { ok: false, text: staffWords(problem).text, detail: null };
    default:
      return not(staffWords(problem).text);
  }
}
