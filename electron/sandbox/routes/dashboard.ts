// GET /manager/integrations: the integrations dashboard the spec names. Lists integrations; the
// webhook endpoint section (register/remove forms) lives in dashboard-webhooks.ts.
import { escapeHtml as e, page } from '../http/html';
import { html } from '../http/responses';
import type { RouteContext, RouteDef } from '../http/router';
import { webhookSection } from './dashboard-webhooks';

function dashboard(ctx: RouteContext) {
  const { world } = ctx;
  const locName = (uuid: string) => world.locations.get(uuid)?.name ?? uuid;
  const list = (items: string[]) =>
    items.length === 0 ? '<span class="muted">none</span>' : items.map((i) => e(i)).join('<br>');
  const rows = [...world.integrations.values()]
    .map(
      (i) => `<tr data-access-id="${e(i.accessId)}">
<td>${e(i.name)}</td>
<td><code>${e(i.accessId)}</code></td>
<td>${list(i.redirectUrls)}</td>
<td>${list([...i.authorizedLocationUuids].map(locName))}</td>
<td>${list([...i.subscribedLocationUuids].map(locName))}</td>
</tr>`,
    )
    .join('\n');
  return html(
    200,
    page(
      'Integrations',
      `<h1>Integrations</h1>
<table id="integrations">
<thead><tr><th>Name</th><th>Access ID</th><th>Redirect URLs</th><th>Authorised at</th><th>Subscribed</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="muted">Register integrations and redirect URLs through the control API: POST /_sandbox/integrations.</p>
${webhookSection(world)}`,
    ),
  );
}

export const dashboardRoutes: RouteDef[] = [{ method: 'GET', path: '/manager/integrations', handler: dashboard }];
