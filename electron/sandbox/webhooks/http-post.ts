// One POST to an endpoint with node:http(s) rather than fetch: fetch adds headers of its own
// (accept, sec-fetch-mode, …) and hides the socket, and the receiver should see exactly the
// headers of spec 6.2. A fresh socket per attempt (agent: false) so nothing lingers after close().
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorMessage } from '../../../shared/errors';

export type PostOutcome = { status: number; error: null } | { status: null; error: string };

/** Bytes of the answer we bother reading; the status is all that matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, error: 'invalid URL' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const bytes = Buffer.from(body, 'utf8');
    let req: ReturnType<typeof send>;
    try {
      req = send(target, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(bytes.length) },
        agent: false,
      });
    } catch (err) {
      // e.g. a header value node refuses; a failed attempt, never an exception in the sender.
      resolve({ status: null, error: errorMessage(err) });
      return;
    }
    const timer = setTimeout(() => {
      done({ status: null, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    const onAbort = () => {
      done({ status: null, error: 'aborted' });
      req.destroy();
    };
    signal.addEventListener('abort', onAbort);
    req.on('response', (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      // The status is known now; waiting for the body would let a slow body count as a timeout.
      done({ status: res.statusCode ?? 0, error: null });
      res.on('error', () => {});
      res.resume();
    });
    req.on('error', (err) => done({ status: null, error: err.message || 'connection failed' }));
    if (signal.aborted) onAbort();
    else req.end(bytes);
  });
}
