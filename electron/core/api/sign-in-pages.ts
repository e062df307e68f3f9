// The pages the browser shows after the service redirects back to our loopback listener.
// They are the last thing the user sees of the flow, so they say plainly what happened.

export function signedInPage(): string {
  return page('Signed in', 'You are signed in', 'You can close this tab and return to Venue Companion.');
}

export function signInFailedPage(reason: string): string {
  return page(
    'Sign-in failed',
    'Sign-in failed',
    `${reason} You can close this tab and try again from Venue Companion.`,
  );
}

export function notFoundPage(): string {
  return page('Not found', 'Nothing here', 'This address only receives the answer of a Venue Companion sign-in.');
}

function page(title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Venue Companion</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style>
</head><body><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
