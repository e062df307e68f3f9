// The webhook part of the /manager/integrations dashboard (spec 6.1): a plain HTML form to register
// an endpoint (URL, event types, optional secret, custom headers) and one to remove each. Works
// without JavaScript: forms POST, the server answers 303 back to the dashboard (or a 400 page).
import { errorPage, escapeHtml as e } from '../http/html';
import { html, type SandboxResponse } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import type { SandboxWorld } from '../world';
import { endpointInputSchema, parseHeaderLines, prefixedHeaderProblem } from '../webhooks/endpoint-input';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/types';

const DASHBOARD = '/manager/integrations';

const seeOther = (location: string): SandboxResponse => ({
  status: 303,
  headers: { location, 'cache-control': 'no-store' },
  body: '',
});

function endpointRows(world: SandboxWorld): string {
  const endpoints = world.webhooks.endpoints.list();
  if (endpoints.length === 0) return '<tr><td colspan="6" class="muted">No endpoints registered.</td></tr>';
  return endpoints
    .map(
      (ep) => `<tr data-endpoint-id="${e(ep.id)}">
<td><code>${e(ep.accessId)}</code></td>
<td><code>${e(ep.url)}</code></td>
<td>${ep.eventTypes.map((t) => e(t)).join('<br>')}</td>
<td>${ep.secret === null ? 'no' : 'yes'}</td>
<td>${
        Object.keys(ep.customHeaders)
          .map((n) => e(n))
          .join('<br>') || '<span class="muted">none</span>'
      }</td>
<td><form method="post" action="${DASHBOARD}/webhooks/${encodeURIComponent(ep.id)}/delete"><button type="submit" id="remove-${e(ep.id)}">Remove</button></form></td>
</tr>`,
    )
    .join('\n');
}

function registrationForm(world: SandboxWorld): string {
  const options = [...world.integrations.values()]
    .map((i) => `<option value="${e(i.accessId)}">${e(i.name)} (${e(i.accessId)})</option>`)
    .join('');
  const boxes = WEBHOOK_EVENT_TYPES.map(
    (t) => `<label><input type="checkbox" name="eventTypes" value="${e(t)}" id="event-${e(t)}"> ${e(t)}</label>`,
  ).join('<br>\n');
  return `<form id="webhook-form" method="post" action="${DASHBOARD}/webhooks" class="box">
<h3>Register an endpoint</h3>
<p><label>Integration <select name="accessId" id="webhook-access-id">${options}</select></label></p>
<p><label>Endpoint URL <input type="text" name="url" id="webhook-url" size="50" required placeholder="https://example.test/webhooks"></label></p>
<fieldset><legend>Event types</legend>
${boxes}
</fieldset>
<p><label>Signature secret (optional) <input type="text" name="secret" id="webhook-secret" autocomplete="off"></label></p>
<p><label>Custom headers, one "Name: value" per line<br><textarea name="customHeaders" id="webhook-headers" rows="3" cols="50"></textarea></label></p>
<button type="submit" id="webhook-register">Register endpoint</button>
</form>`;
}

/** Markup for the dashboard page (already escaped). */
export function webhookSection(world: SandboxWorld): string {
  return `<h2>Webhook endpoints</h2>
<table id="webhook-endpoints">
<thead><tr><th>Integration</th><th>URL</th><th>Event types</th><th>Signed</th><th>Custom headers</th><th></th></tr></thead>
<tbody>
${endpointRows(world)}
</tbody>
</table>
${registrationForm(world)}`;
}

function problemPage(problems: string[]): SandboxResponse {
  const markup = errorPage('The webhook endpoint was not registered', problems).replace(
    '</body>',
    `<p><a href="${DASHBOARD}" id="back-to-dashboard">Back to the integrations dashboard</a></p>\n</body>`,
  );
  return html(400, markup);
}

function registerFromForm(ctx: RouteContext): SandboxResponse {
  const { world } = ctx;
  const form = new URLSearchParams(ctx.rawBody.toString('utf8'));
  const headers = parseHeaderLines(form.get('customHeaders') ?? '');
  if (typeof headers === 'string') return problemPage([headers]);
  const secret = (form.get('secret') ?? '').trim();
  const parsed = endpointInputSchema.safeParse({
    accessId: form.get('accessId') ?? '',
    url: (form.get('url') ?? '').trim(),
    eventTypes: form.getAll('eventTypes'),
    secret: secret === '' ? null : secret,
    customHeaders: headers,
  });
  if (!parsed.success) {
    return problemPage(
      parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)),
    );
  }
  const b = parsed.data;
  if (!world.integrations.has(b.accessId)) return problemPage([`No integration '${b.accessId}'.`]);
  const problem = prefixedHeaderProblem(b.customHeaders ?? {}, world.config.headerPrefix);
  if (problem) return problemPage([problem]);
  world.webhooks.endpoints.upsert(
    {
      accessId: b.accessId,
      url: b.url,
      eventTypes: b.eventTypes,
      secret: b.secret ?? null,
      customHeaders: b.customHeaders ?? {},
    },
    world.clock.nowMs(),
  );
  return seeOther(DASHBOARD);
}

function removeFromForm(ctx: RouteContext): SandboxResponse {
  if (!ctx.world.webhooks.removeEndpoint(ctx.params.id))
    return html(404, errorPage('No such webhook endpoint', [`No endpoint '${ctx.params.id}'.`]));
  return seeOther(DASHBOARD);
}

export const dashboardWebhookRoutes: RouteDef[] = [
  { method: 'POST', path: `${DASHBOARD}/webhooks`, handler: registerFromForm },
  { method: 'POST', path: `${DASHBOARD}/webhooks/:id/delete`, handler: removeFromForm },
];
