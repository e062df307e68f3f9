// The refusal-answer reading (readings.ts): a service that answers a refused REST request 200 and
// says so only in its body. The route's own refusal is rewritten after the handler ran, so every
// route serves each form and no handler knows about it.
import type { RefusalAnswer } from '../readings';
import { json, type SandboxResponse } from './responses';

// Credentials and rate limits keep their status: the spec gives them one (5.5, 5.6), and a
// gateway usually answers them before the service's own code runs.
const KEPT = new Set([401, 403, 429]);

export function refusalAsRead(pathname: string, response: SandboxResponse, form: RefusalAnswer): SandboxResponse {
  if (form === 'status' || response.status < 400 || response.status > 499 || KEPT.has(response.status)) return response;
  // The REST routes only: the token routes are OAuth's, which refuse with a status.
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/oauth/')) return response;
  if (!/json/.test(response.headers['content-type'] ?? '')) return response;
  const body = JSON.parse(response.body) as Record<string, unknown>;
  const { 'content-type': _type, 'content-length': _length, ...headers } = response.headers;
  const code = typeof body.error === 'string' ? body.error : 'refused';
  const message = typeof body.message === 'string' ? body.message : code;
  switch (form) {
    case 'ok-error':
      return json(200, body, headers);
    case 'ok-success-false': {
      const { error: _error, message: _message, ...rest } = body;
      return json(200, { success: false, error: { code, message }, ...rest }, headers);
    }
    case 'ok-status-in-body':
      return json(200, { status: response.status, ...body }, headers);
  }
}
