// The /manager/integrations dashboard's webhook forms, posted as a browser without JavaScript would.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  OTHER_ACCESS_ID,
  SEED_LOCATIONS,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { WEBHOOK_EVENT_TYPES } from '../../electron/sandbox/webhooks/types';
import { hmacHex, startReceiver, subscribe, type Receiver } from './sandbox-webhooks-harness';

let sb: RunningSandbox;
let rx: Receiver;
const hooks = () => createWebhookControlClient(sb.baseUrl);

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.world.reset();
  rx = await startReceiver();
});
afterEach(() => rx.close());

const postForm = (path: string, form: URLSearchParams) =>
  fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });

const dashboard = async () => (await fetch(`${sb.baseUrl}/manager/integrations`)).text();

describe('dashboard webhook section', () => {
  it('shows a registration form with the 18 event types and every integration', async () => {
    const html = await dashboard();
    expect(html).toContain('<form id="webhook-form" method="post" action="/manager/integrations/webhooks"');
    for (const t of WEBHOOK_EVENT_TYPES) expect(html).toContain(`name="eventTypes" value="${t}"`);
    expect(html).toContain(`<option value="${DEMO_ACCESS_ID}">`);
    expect(html).toContain(`<option value="${OTHER_ACCESS_ID}">`);
    expect(html).toContain('name="secret"');
    expect(html).toContain('name="customHeaders"');
    expect(html).toContain('No endpoints registered.');
  });

  it('registers an endpoint from the form (303 back), which then receives events', async () => {
    const form = new URLSearchParams();
    form.set('accessId', DEMO_ACCESS_ID);
    form.set('url', rx.url);
    form.append('eventTypes', 'OPEN_TAB');
    form.append('eventTypes', 'CLOSE_TAB');
    form.set('secret', 'form-secret');
    form.set('customHeaders', 'Authorization: Bearer mine\r\nX-Tenant: harbour');
    const res = await postForm('/manager/integrations/webhooks', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/manager/integrations');

    const [ep] = (await hooks().endpoints()).endpoints;
    expect(ep).toMatchObject({
      accessId: DEMO_ACCESS_ID,
      url: rx.url,
      eventTypes: ['OPEN_TAB', 'CLOSE_TAB'],
      hasSecret: true,
    });
    expect(ep.customHeaders).toEqual({ Authorization: 'Bearer mine', 'X-Tenant': 'harbour' });

    const html = await dashboard();
    expect(html).toContain(`data-endpoint-id="${ep.id}"`);
    expect(html).not.toContain('form-secret');
    expect(html).not.toContain('Bearer mine');

    await subscribe(sb, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, [SEED_LOCATIONS.harbour]);
    await hooks().trigger({ type: 'OPEN_TAB' });
    const [r] = await rx.waitFor(1);
    expect(r.headers['x-service-signature']).toBe(hmacHex(r.raw, 'form-secret'));
    expect(r.headers['x-tenant']).toBe('harbour');
  });

  it('an empty secret means unsigned; the remove form deletes the endpoint', async () => {
    const form = new URLSearchParams({
      accessId: OTHER_ACCESS_ID,
      url: rx.url,
      eventTypes: 'ITEM_ADDED',
      secret: '',
      customHeaders: '',
    });
    expect((await postForm('/manager/integrations/webhooks', form)).status).toBe(303);
    const [ep] = (await hooks().endpoints()).endpoints;
    expect(ep.hasSecret).toBe(false);
    expect(await dashboard()).toContain(`action="/manager/integrations/webhooks/${ep.id}/delete"`);
    const res = await postForm(`/manager/integrations/webhooks/${ep.id}/delete`, new URLSearchParams());
    expect(res.status).toBe(303);
    expect((await hooks().endpoints()).endpoints).toEqual([]);
    expect((await postForm(`/manager/integrations/webhooks/${ep.id}/delete`, new URLSearchParams())).status).toBe(404);
  });

  it('answers 400 with an HTML list of problems, escaped', async () => {
    const form = new URLSearchParams({
      accessId: DEMO_ACCESS_ID,
      url: 'not a url <script>',
      customHeaders: 'no colon here',
    });
    const res = await postForm('/manager/integrations/webhooks', form);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('id="error-list"');
    expect(html).toContain('no colon here');

    const bad = new URLSearchParams({ accessId: DEMO_ACCESS_ID, url: 'javascript:alert(1)' });
    bad.append('eventTypes', '<b>NOPE</b>');
    const html2 = await (await postForm('/manager/integrations/webhooks', bad)).text();
    expect(html2).not.toContain('<b>NOPE</b>');
    expect(html2).toMatch(/url: must be an absolute http\(s\) URL/);
    expect((await hooks().endpoints()).endpoints).toEqual([]);
  });

  it('escapes registered values on the page', async () => {
    await hooks()
      .registerEndpoint({
        accessId: DEMO_ACCESS_ID,
        url: 'https://x.example.test/h?a=<i>&b="q"',
        eventTypes: ['ITEM_ADDED'],
        customHeaders: { 'X-<b>': 'v' },
      })
      .catch(() => undefined);
    await hooks().registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: 'https://x.example.test/h?a=<i>&b="q"',
      eventTypes: ['ITEM_ADDED'],
    });
    const html = await dashboard();
    expect(html).toContain('https://x.example.test/h?a=&lt;i&gt;&amp;b=&quot;q&quot;');
    expect(html).not.toContain('<i>');
  });
});
