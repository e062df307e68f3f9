// The authorization-code consent page (spec 5.3):
//   GET  /manager/oauth           validates the query, renders the page (or a 400 error page, never a redirect)
//   POST /manager/oauth/decision  Allow → 302 redirect_url?code=…&state=…; Deny → 302 redirect_url?error=access_denied&state=…
// The form carries a single-use nonce naming the server-side record of what was validated, so a
// tampered hidden field or a replayed form cannot send a code somewhere unregistered.
import { parseFormObject } from '../http/body';
import { errorPage } from '../http/html';
import { html, redirect, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import type { ConsentRecord, DemoUser, Integration } from '../model';
import { issueAuthCode } from '../oauth-codes';
import { randomToken } from '../tokens';
import type { SandboxWorld } from '../world';
import { consentPage } from './consent-html';

/** How long a rendered consent page stays usable (sandbox clock). */
export const CONSENT_TTL_MS = 30 * 60 * 1000;

const badRequest = (problems: string[]) => html(400, errorPage('This sign-in request cannot be completed', problems));

function validate(
  world: SandboxWorld,
  q: URLSearchParams,
): { integration: Integration; redirectUrl: string } | string[] {
  const problems: string[] = [];
  for (const name of ['response_type', 'access_id', 'redirect_url', 'state']) {
    if (q.getAll(name).length > 1) problems.push(`${name} was given more than once.`);
  }
  const responseType = q.get('response_type');
  if (responseType === null || responseType === '') problems.push("response_type is required and must be 'code'.");
  else if (responseType !== 'code') problems.push(`response_type must be 'code', not '${responseType}'.`);

  const accessId = q.get('access_id');
  const integration = accessId ? world.integrations.get(accessId) : undefined;
  if (!accessId) problems.push('access_id is required (the api_access_id of the integration).');
  else if (!integration) problems.push(`access_id '${accessId}' is not a registered integration.`);

  const redirectUrl = q.get('redirect_url');
  if (!redirectUrl) problems.push('redirect_url is required.');
  else if (integration && !integration.redirectUrls.includes(redirectUrl)) {
    const known = integration.redirectUrls.length > 0 ? integration.redirectUrls.join(', ') : '(none registered)';
    problems.push(
      `redirect_url '${redirectUrl}' is not registered for this integration; it must equal one of these exactly: ${known}.`,
    );
  }
  if (problems.length > 0 || !integration || !redirectUrl) return problems;
  return { integration, redirectUrl };
}

function reachable(world: SandboxWorld, integration: Integration) {
  return (user: DemoUser) =>
    user.locationUuids
      .filter((uuid) => integration.authorizedLocationUuids.has(uuid))
      .map((uuid) => world.locations.get(uuid))
      .filter((l) => l !== undefined);
}

function showConsent(ctx: RouteContext): SandboxResponse {
  const { world, query } = ctx;
  const result = validate(world, query);
  if (Array.isArray(result)) return badRequest(result);
  const record: ConsentRecord = {
    nonce: randomToken('sbxnonce'),
    accessId: result.integration.accessId,
    redirectUrl: result.redirectUrl,
    state: query.has('state') ? (query.get('state') ?? '') : undefined,
    issuedAtMs: world.clock.nowMs(),
    used: false,
  };
  world.consents.set(record.nonce, record);
  return html(
    200,
    consentPage({
      integration: result.integration,
      redirectUrl: record.redirectUrl,
      state: record.state,
      nonce: record.nonce,
      users: [...world.users.values()],
      reachable: reachable(world, result.integration),
    }),
  );
}

/** Appends query parameters without re-encoding what the registered URL already holds. */
export function appendQuery(url: string, params: Array<[string, string]>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${base}${sep}${query}${hash}`;
}

function decide(ctx: RouteContext): SandboxResponse {
  const { world } = ctx;
  const form = parseFormObject(ctx);
  const nonce = typeof form.nonce === 'string' ? form.nonce : '';
  const record = world.consents.get(nonce);
  if (!record || record.used || world.clock.nowMs() >= record.issuedAtMs + CONSENT_TTL_MS) {
    return badRequest([
      'This consent form is no longer valid (it expired, was already used, or did not come from this page). Start the sign-in again from the application.',
    ]);
  }
  // The hidden fields are informational; if they were edited, refuse rather than guess which to trust.
  const sentState = typeof form.state === 'string' ? form.state : undefined;
  if (form.access_id !== record.accessId || form.redirect_url !== record.redirectUrl || sentState !== record.state) {
    return badRequest([
      'The consent form was modified after it was shown. Start the sign-in again from the application.',
    ]);
  }
  const integration = world.integrations.get(record.accessId);
  if (!integration || !integration.redirectUrls.includes(record.redirectUrl)) {
    return badRequest(['The integration or its redirect URL is no longer registered.']);
  }
  const withState = (params: Array<[string, string]>) =>
    record.state === undefined ? params : [...params, ['state', record.state] as [string, string]];

  if (form.decision === 'deny') {
    record.used = true;
    return redirect(appendQuery(record.redirectUrl, withState([['error', 'access_denied']])));
  }
  if (form.decision !== 'allow') return badRequest(["decision must be 'allow' or 'deny'."]);
  const user = typeof form.user_id === 'string' ? world.users.get(form.user_id) : undefined;
  if (!user) return badRequest(['Choose which demo user you are before pressing Allow.']);
  record.used = true;
  const code = issueAuthCode(world, integration.accessId, user.id, record.redirectUrl);
  return redirect(appendQuery(record.redirectUrl, withState([['code', code.code]])));
}

export const consentRoutes: RouteDef[] = [
  { method: 'GET', path: '/manager/oauth', handler: showConsent },
  { method: 'POST', path: '/manager/oauth/decision', handler: decide },
];
