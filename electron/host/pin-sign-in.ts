// A way back in for a browser on the host computer that has no cookie any more (it was closed, or
// its profile cleared): a manager's PIN on a small page served by the host on loopback only. The
// PIN is checked by the core as one more pad of this computer (`SIGN_IN_PAGE_DEVICE`), so wrong
// PINs here count towards a lockout of this page, without locking the kiosk's pad or a refund
// dialog's. A staff member's PIN is no way in either, and is counted and answered exactly as a
// wrong one: nobody watches this page, so it must neither confirm which PINs are staff's nor let
// them be tried without end. The page is plain HTML with no script; the form posts back to the
// same origin only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAppError } from '../../shared/app-error';
import { errorMessage } from '../../shared/errors';
import { runAsCaller } from '../core/caller';

export const SIGN_IN_PATH = '/sign-in';
/** The device the sign-in page's PIN checks count for (its own lockout). */
export const SIGN_IN_PAGE_DEVICE = 'host-sign-in-page';

/** Checks a manager's PIN; throws an AppError (`locked-out`, `pin-required`) when it is not one. */
export type ManagerPinCheck = (pin: string) => Promise<unknown>;

const MAX_BODY = 1024;
const NOT_A_MANAGER_PIN = 'That is not a manager’s PIN.';

/** The core's manager-PIN check, counted as the sign-in page's own pad. */
export function managerPinCheck(access: {
  approveByManagerPin(pin: string, options: { staffPinIsWrong: boolean }): Promise<unknown>;
}): ManagerPinCheck {
  return (pin) =>
    runAsCaller({ deviceId: SIGN_IN_PAGE_DEVICE, deviceRole: 'local' }, () =>
      access.approveByManagerPin(pin, { staffPinIsWrong: true }),
    );
}

/**
 * Answers GET and POST /sign-in. `allowedOrigins` are the host's own; `grant` sets the run's cookie
 * on the response. Returns false for any other path.
 */
export function handleSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    check: ManagerPinCheck | undefined;
    allowedOrigins: Set<string>;
    grant: (headers: Record<string, string>) => void;
  },
): boolean {
  const path = new URL(req.url ?? '/', 'http://host').pathname;
  if (path !== SIGN_IN_PATH) return false;
  if (!options.check) {
    page(res, 404, 'This app has no PIN sign-in here. Ask for a new sign-in address on the host computer.');
    return true;
  }
  if (req.method === 'GET') {
    page(res, 200, null);
    return true;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return true;
  }
  // Another web page open in this browser must not guess PINs here (and use up the tries).
  if (!options.allowedOrigins.has(req.headers.origin ?? '')) {
    page(res, 403, 'This form works only from its own page.');
    return true;
  }
  const check = options.check;
  void readBody(req).then(async (body) => {
    const pin = body === null ? '' : (new URLSearchParams(body).get('pin') ?? '');
    if (!/^\d{4,8}$/.test(pin)) return page(res, 400, 'Type a manager PIN of 4 to 8 digits.');
    try {
      await check(pin);
    } catch (error) {
      if (isAppError(error, 'locked-out'))
        return page(res, 429, `Too many wrong PINs on this page: try again after ${minutesLeft(error.data.until)}.`);
      // One answer for every PIN that is not a manager's: which of them are staff's stays unsaid.
      if (isAppError(error, 'pin-required') || isAppError(error, 'invalid') || isAppError(error, 'not-found'))
        return page(res, 401, NOT_A_MANAGER_PIN);
      return page(res, 500, `The PIN could not be checked: ${errorMessage(error)}`);
    }
    const headers: Record<string, string> = { location: '/', 'cache-control': 'no-store' };
    options.grant(headers);
    res.writeHead(303, headers).end();
  });
  return true;
}

function minutesLeft(until: number): string {
  const s = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function page(res: ServerResponse, status: number, problem: string | null): void {
  if (res.headersSent) return;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Venue Companion</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border:1px solid #d9dde4;border-radius:12px;padding:28px 32px;max-width:440px;width:calc(100% - 32px)}
h1{font-size:24px;margin:0 0 8px}p{color:#5b6474}label{display:grid;gap:6px;font-weight:600;margin:16px 0}
input{font:inherit;font-size:24px;letter-spacing:6px;padding:10px 12px;border:1px solid #d9dde4;border-radius:8px}
button{font:inherit;font-weight:600;padding:12px 18px;border-radius:8px;border:0;background:#1f6feb;color:#fff;min-height:44px;width:100%}
.problem{color:#c62828;font-weight:600}
</style></head>
<body><main>
<h1>Sign in to Venue Companion</h1>
<p>This browser lost its sign-in. A manager's PIN lets it back in on this computer.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${SIGN_IN_PATH}">
<label>Manager PIN <input name="pin" type="password" inputmode="numeric" autocomplete="off" pattern="[0-9]*" maxlength="8" required autofocus></label>
<button type="submit">Sign in</button>
</form>
<p>Or, on the host computer: <code>npm run host -- --new-link</code> prints a fresh sign-in address.</p>
</main></body></html>`;
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    })
    .end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
