// Markup of the consent page. Ids and labels are stable because Playwright tests drive it:
// radio inputs #user-<id> labelled with the user's name, buttons "Allow" (#consent-allow) and
// "Deny" (#consent-deny), the form #consent-form.
import { escapeHtml as e, page } from '../http/html';
import type { DemoUser, Integration, SandboxLocation } from '../model';

export interface ConsentView {
  integration: Integration;
  redirectUrl: string;
  state: string | undefined;
  nonce: string;
  users: DemoUser[];
  /** Names of the locations each user would reach through this integration. */
  reachable: (user: DemoUser) => SandboxLocation[];
}

function userChoice(user: DemoUser, index: number, reach: SandboxLocation[]): string {
  const id = `user-${user.id}`;
  const where = reach.length > 0 ? reach.map((l) => l.name).join(', ') : 'no locations for this integration';
  return `<div class="user-choice">
<input type="radio" name="user_id" id="${e(id)}" value="${e(user.id)}"${index === 0 ? ' checked' : ''} aria-describedby="${e(id)}-details">
<label for="${e(id)}">${e(user.name)}</label>
<span class="muted" id="${e(id)}-details">${e(user.email)} · ${e(where)}</span>
</div>`;
}

export function consentPage(v: ConsentView): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;
  const fields = [
    hidden('nonce', v.nonce),
    hidden('response_type', 'code'),
    hidden('access_id', v.integration.accessId),
    hidden('redirect_url', v.redirectUrl),
    v.state === undefined ? '' : hidden('state', v.state),
  ].join('\n');
  const users = v.users.map((u, i) => userChoice(u, i, v.reachable(u))).join('\n');
  return page(
    `Authorize ${v.integration.name}`,
    `<h1 id="consent-title">Authorize <span id="integration-name">${e(v.integration.name)}</span></h1>
<div class="box">
<p><strong>${e(v.integration.name)}</strong> (<code id="integration-access-id">${e(v.integration.accessId)}</code>)
wants to act on your behalf at the locations you can access.</p>
<p class="muted">You will be sent back to <code id="redirect-url">${e(v.redirectUrl)}</code>.</p>
</div>
<form method="post" action="/manager/oauth/decision" id="consent-form">
${fields}
<fieldset class="box" id="user-choice">
<legend>There is no real login in the sandbox: choose who you are</legend>
${users}
</fieldset>
<button type="submit" name="decision" value="allow" id="consent-allow">Allow</button>
<button type="submit" name="decision" value="deny" id="consent-deny">Deny</button>
</form>`,
  );
}
