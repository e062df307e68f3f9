// Transport failures over real sockets: every one becomes a ServiceError a person can read,
// naming the route it happened on.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../electron/core/api/errors';
import { requestJson } from '../../electron/core/api/http';
import { ServiceClient } from '../../electron/core/api/service-client';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { type RunningSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, startSandbox } from '../../electron/sandbox';

async function listenOn(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A port that was free a moment ago and now has nobody listening. */
async function closedPortUrl(): Promise<string> {
  const { server, url } = await listenOn(() => {});
  await new Promise((resolve) => server.close(resolve));
  return url;
}

async function caught(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

function client(baseUrl: string, extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) {
  return new ServiceClient({
    baseUrl,
    accessId: DEMO_ACCESS_ID,
    accessSecret: DEMO_ACCESS_SECRET,
    secrets: new MemorySecretStore(),
    ...extra,
  });
}

describe('transport errors', () => {
  let html: { server: Server; url: string };
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    // Answers the token route properly and everything else with an HTML page, like a
    // misconfigured base URL pointing at a web site would.
    html = await listenOn((req, res) => {
      if (req.url === '/oauth/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'ok', token_type: 'Bearer', expires_in: 86400 }));
        return;
      }
      if (req.url === '/api/broken') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>Bad gateway</h1><p>upstream down</p></body></html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Welcome to our website</body></html>');
    });
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await new Promise((resolve) => html.server.close(resolve));
    await sandbox.close();
  });

  it('names the origin, the route and the reason when nobody listens', async () => {
    const base = await closedPortUrl();
    const c = client(base);
    const reachability: unknown[] = [];
    c.on('reachability', (r) => reachability.push(r));
    const error = await caught(c.listLocations('integration'));
    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
    expect(error.route).toBe('POST /oauth/token');
    expect(error.message).toBe(`Could not reach ${base} (POST /oauth/token): connection refused`);
    expect(reachability).toEqual([
      { state: 'error', message: error.message, problem: { kind: 'unreachable', data: {}, message: error.message } },
    ]);
    expect(c.integration.status()).toMatchObject({ state: 'error', message: error.message });
    c.dispose();
  });

  it('requestJson reports the REST route too', async () => {
    const base = await closedPortUrl();
    const error = await caught(requestJson({ method: 'GET', url: `${base}/api/loc`, route: 'GET /api/loc' }));
    expect(error.message).toBe(`Could not reach ${base} (GET /api/loc): connection refused`);
  });

  it('calls an HTML answer bad-response, naming the route', async () => {
    const c = client(html.url);
    const error = await caught(c.listLocations('integration'));
    expect(error.kind).toBe('bad-response');
    expect(error.route).toBe('GET /api/loc');
    expect(error.message).toMatch(
      /^The service answered GET \/api\/loc with something that is not JSON \(200, text\/html/,
    );
    expect(c.reachability()).toMatchObject({
      state: 'error',
      message: error.message,
      problem: { kind: 'cannot-read', data: { what: 'GET /api/loc' } },
    });
    c.dispose();
  });

  it('reads the words out of an HTML error page', async () => {
    const error = await caught(requestJson({ method: 'GET', url: `${html.url}/api/broken`, route: 'GET /api/broken' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      retryable: true,
      serviceMessage: 'Bad gateway upstream down',
    });
    expect(error.message).toBe('The service answered GET /api/broken with 502: Bad gateway upstream down');
  });

  it('times out a slow answer', async () => {
    await control(sandbox, '/_sandbox/faults', { route: 'GET /api/loc', mode: 'delay', delayMs: 2000 });
    const c = client(sandbox.baseUrl, { timeoutMs: 300 });
    const error = await caught(c.listLocations('integration'));
    expect(error).toMatchObject({ kind: 'timeout', route: 'GET /api/loc', retryable: true });
    expect(error.message).toBe(`${sandbox.baseUrl} did not answer GET /api/loc within 0.3 s`);
    c.dispose();
  });

  it('reports a dropped connection as a retryable network error', async () => {
    await control(sandbox, '/_sandbox/faults', { route: 'GET /api/loc', mode: 'reset' });
    const c = client(sandbox.baseUrl);
    const error = await caught(c.listLocations('integration'));
    expect(error).toMatchObject({ kind: 'network', route: 'GET /api/loc', retryable: true });
    expect(error.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:\d+ \(GET \/api\/loc\): /);
    // The next call goes through and reachability recovers.
    await expect(c.listLocations('integration')).resolves.toHaveLength(2);
    expect(c.reachability()).toEqual({ state: 'ok', message: null });
    c.dispose();
  });

  it('reports a 500 with the service message, retryable', async () => {
    await control(sandbox, '/_sandbox/faults', { route: 'GET /api/loc', mode: 'status500' });
    const c = client(sandbox.baseUrl);
    const error = await caught(c.listLocations('integration'));
    expect(error).toMatchObject({ kind: 'http', status: 500, retryable: true });
    expect(error.message).toMatch(
      /^The service answered GET \/api\/loc with 500: Injected fault .* \(internal_error\)$/,
    );
    c.dispose();
  });
});

async function control(sandbox: RunningSandbox, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path} → ${res.status} ${await res.text()}`);
  return res.json();
}
