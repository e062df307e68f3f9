// Check this service against a service that writes money as decimal strings ("13.00"): the sandbox
// in its dollars reading behind a proxy that writes every declared_tips and catalog price as such a
// string. The check reads those strings on purpose and says dollars for the "number" fields and for
// answers, each with its one-click Confirm, where numbers alone (13, 14) could not tell.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { tempDirs, signInManager } from '../support';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { namedReadings } from '../../electron/sandbox/readings';
import { startSandbox, SEED_LOCATIONS, type RunningSandbox } from '../../electron/sandbox';
import { addLaborEntry } from './labor-test-kit';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const dirs = tempDirs('venue-check-strings-');

/** Every number under these keys as a string with two decimals, as the service writes it. */
function asDecimalStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDecimalStrings);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      (k === 'declared_tips' || k === 'price') && typeof v === 'number' ? v.toFixed(2) : asDecimalStrings(v),
    ]),
  );
}

async function stringsProxy(target: RunningSandbox): Promise<string> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void fetch(`${target.baseUrl}${req.url}`, { method: req.method, headers, body }).then(async (answer) => {
        let text = await answer.text();
        const json = (answer.headers.get('content-type') ?? '').includes('json');
        if (json && text) text = JSON.stringify(asDecimalStrings(JSON.parse(text)));
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding') out[k] = v;
        });
        res.writeHead(answer.status, out).end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it('money written as decimal strings is read as dollars, with a Confirm for each family', async () => {
  const readings = { ...namedReadings('default'), moneyAnswers: 'dollars', moneyNumbers: 'dollars' } as const;
  const s = await startSandbox({ readings });
  cleanups.push(() => s.close());
  const start = Date.now() - 3 * 3_600_000;
  addLaborEntry(s, {
    userId: '2002',
    role: 'bartender',
    punchInMs: start,
    punchOutMs: start + 2 * 3_600_000,
    declaredTips: 1300,
  });
  const app = await createApp({
    dataDir: dirs.make(),
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    serviceUrl: await stringsProxy(s),
  });
  cleanups.push(dirs.removeAll);
  cleanups.push(() => app.stop());
  await app.start();
  await signInManager(app.handlers);
  await app.handlers.subscribeLocations([SEED_LOCATIONS.harbour], 'integration');
  const report = await app.handlers.checkService();
  const line = (point: string) => report.lines.find((l) => l.point === point);
  expect(line('Money: open number fields')?.saw).toMatch(/as decimal strings \(e\.g\. "13\.00"\): dollars/);
  expect(line('Money: open number fields')?.confirm?.setting).toEqual({
    kind: 'money-unit',
    family: 'numbers',
    unit: 'dollars',
  });
  expect(line('Money: amounts read back')?.saw).toMatch(/as decimal strings \(e\.g\. "\d+\.00"\): dollars/);
  expect(line('Money: amounts read back')?.confirm?.setting).toMatchObject({ family: 'answers', unit: 'dollars' });
});
