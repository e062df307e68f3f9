// A web page the staff open must not be able to feed the listener events. With no secret set,
// Chromium's `fetch(url, {mode: 'no-cors'})` is the one way a page can POST to a loopback port
// without a preflight, and it can only send text/plain (or a form) with its Origin. The page here
// is served from another loopback port, as a page from anywhere would reach the listener.
import { test, expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebhookReceiver } from '../../electron/core/webhooks';
import type { AcceptedEvent } from '../../shared/webhooks';

const openTab = {
  type: 'OPEN_TAB',
  targetUuid: 'tab-from-a-page',
  locationUuid: 'loc-harbour',
  locationName: 'Harbour Bar',
  locationId: '1',
  createdAt: new Date().toISOString(),
  data: { name: 'Injected', spotName: 'Table 4', total: 0, openedFrom: 'SERVER_TAB' },
};

test('a no-cors text/plain delivery from a web page is refused and changes nothing', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-forgery-'));
  const receiver = new WebhookReceiver({ dataDir, secret: null });
  const applied: AcceptedEvent[] = [];
  receiver.events.on('applied', (e) => applied.push(e));
  const listening = await receiver.start();
  const pageServer: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Some page</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  try {
    const port = (pageServer.address() as { port: number }).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    const sent = await page.evaluate(
      async ({ url, body }) => {
        const a = await fetch(url, { method: 'POST', mode: 'no-cors', body }).then(
          (r) => r.type,
          (e: unknown) => String(e),
        );
        const b = await fetch(url, {
          method: 'POST',
          mode: 'no-cors',
          body,
          headers: { 'content-type': 'application/json' },
        }).then(
          (r) => r.type,
          (e: unknown) => String(e),
        );
        return [a, b];
      },
      { url: listening.url!, body: JSON.stringify(openTab) },
    );
    // An opaque answer: the page cannot tell, so the listener's own record is what counts.
    expect(sent).toEqual(['opaque', 'opaque']);
    await expect.poll(() => receiver.counters().received).toBe(2);
    const rows = receiver.newest().rows;
    expect(rows.map((r) => r.verification)).toEqual(['rejected', 'rejected']);
    for (const row of rows) {
      const detail = receiver.detail(row.seq)!;
      expect(detail.httpStatus).toBe(403);
      expect(detail.headers.origin ?? detail.headers.Origin).toBe(`http://127.0.0.1:${port}`);
    }
    expect(receiver.counters()).toMatchObject({ unsigned: 0, verified: 0, rejected: 2 });
    expect(applied).toEqual([]);
  } finally {
    await new Promise((resolve) => pageServer.close(resolve));
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-index`, { recursive: true, force: true });
  }
});
