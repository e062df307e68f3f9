import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, stopChild } from './children';
import { BENCH_SECRET, deliveryRequests } from './envelopes';
import { HostClient } from './host-client';
import { runLoad } from './load';
const dir = mkdtempSync(join(tmpdir(), 'hp-'));
const prof = process.argv[2] === 'prof' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/hprof'] : [];
const host = await startChild([process.execPath, '--import', 'tsx', ...prof, 'electron/host/cli.ts', '--data-dir', dir, '--webhook-secret', BENCH_SECRET], /ready at (http:\/\/\S+)/);
const c = await HostClient.connect(host.url);
const url = (await c.call('getWebhookState')).status.url!;
c.close();
for (let i = 0; i < 3; i++) {
  const { requests } = deliveryRequests('/webhooks', 10000);
  const r = await runLoad(url, requests, 10000, 50);
  console.log(Math.round(r.rps), r.p50.toFixed(2), r.p99.toFixed(2), r.ok2xx);
}
await stopChild(host.child);
