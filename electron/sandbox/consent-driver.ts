// Drives the consent page the way a browser would, without a browser: GET the page, read the
// form with regexes, POST the decision, hand back the redirect. For unit tests of clients (the
// core's sign-in flow) and for scripts; Playwright drives the same page through its ids/labels.

export interface ConsentForm {
  action: string;
  /** Hidden inputs (nonce, response_type, access_id, redirect_url, state when sent). */
  fields: Record<string, string>;
  users: Array<{ id: string; name: string }>;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Reads the consent form out of the page's HTML; throws if the page has none (an error page). */
export function parseConsentForm(html: string): ConsentForm {
  const form = /<form method="post" action="([^"]+)" id="consent-form">/.exec(html);
  if (!form) throw new Error('no consent form on this page');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescapeHtml(m[1])] = unescapeHtml(m[2]);
  }
  const users: ConsentForm['users'] = [];
  for (const m of html.matchAll(
    /<input type="radio" name="user_id" id="([^"]+)" value="([^"]+)"[^>]*>\s*<label for="\1">([^<]*)<\/label>/g,
  )) {
    users.push({ id: unescapeHtml(m[2]), name: unescapeHtml(m[3]) });
  }
  return { action: unescapeHtml(form[1]), fields, users };
}

export interface ConsentOutcome {
  /** Status of the consent page GET when it was not 200, else of the decision POST (302 on success). */
  status: number;
  /** The redirect target (redirect_url with code/state or error/state), or null when there was none. */
  location: string | null;
  /** The HTML of whichever response ended the flow (useful when it is an error page). */
  body: string;
}

export interface ConsentChoice {
  decision?: 'allow' | 'deny';
  /** Which demo user "signs in"; default the first one listed. */
  userId?: string;
  fetchImpl?: typeof fetch;
}

/** Opens `authorizeUrl` (…/manager/oauth?…) and answers it. Never follows the final redirect. */
export async function answerConsent(authorizeUrl: string, choice: ConsentChoice = {}): Promise<ConsentOutcome> {
  const f = choice.fetchImpl ?? fetch;
  const pageRes = await f(authorizeUrl, { redirect: 'manual' });
  const pageHtml = await pageRes.text();
  if (pageRes.status !== 200)
    return { status: pageRes.status, location: pageRes.headers.get('location'), body: pageHtml };
  const form = parseConsentForm(pageHtml);
  const body = new URLSearchParams(form.fields);
  body.set('decision', choice.decision ?? 'allow');
  const userId = choice.userId ?? form.users[0]?.id;
  if (userId !== undefined) body.set('user_id', userId);
  const res = await f(new URL(form.action, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

/** The authorize URL a client would open (spec 5.3.1). */
export function authorizeUrl(baseUrl: string, p: { accessId: string; redirectUrl: string; state?: string }): string {
  const q = new URLSearchParams({ response_type: 'code', access_id: p.accessId, redirect_url: p.redirectUrl });
  if (p.state !== undefined) q.set('state', p.state);
  return `${baseUrl}/manager/oauth?${q.toString()}`;
}
