// Handlers return a SandboxResponse value instead of writing to the socket themselves.
// That lets the server apply faults after the handler ran (commit-lose-response drops the
// answer of a request whose effects were already committed) and keeps handlers easy to test.

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(value),
  };
}

/** The one error shape every JSON route uses: { error: snake_code, message: human sentence }. */
export function errorJson(
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): SandboxResponse {
  return json(status, { error, message }, headers);
}

// The consent page posts a form that redirects to another origin; a form-action CSP would make
// Chromium block that redirect, so the policy deliberately leaves form-action open.
const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

export function html(status: number, markup: string): SandboxResponse {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': HTML_CSP,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
    body: markup,
  };
}

export function redirect(location: string): SandboxResponse {
  return { status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' };
}
