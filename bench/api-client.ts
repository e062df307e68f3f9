// 4. The API client (ServiceClient) against the sandbox in a child process
// (`node --import tsx electron/sandbox/cli.ts`). Each round, with 100 calls in flight at once:
//   raw      fetch GET /api/loc with a valid token, read and parse the JSON (the baseline);
//   valid    client.listLocations('integration') with a cached valid token;
//   expired  the same after POST /_sandbox/clock/advance {seconds: 86401}: the client still believes
//            its token is good, every call gets 401 token_expired, and the client must fetch ONE new
//            token for all of them and retry each once.
// Token requests are counted by a fetch wrapper given to the client and cross-checked against the
// sandbox's own token list (GET /_sandbox/tokens).
import { ServiceClient } from '../electron/core/api/service-client';
import { MemorySecretStore } from '../electron/core/secrets/secret-store';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../electron/sandbox';
import { NODE_TSX, startChild, stopChild } from './children';
import type { Profile } from './profile';
import { makeRow, type Row, type RowTemplate } from './report';
import { median, wallNow } from './stats';

export const API_ROWS = {
  tokens: {
    key: 'api.token_requests',
    label: 'token requests made for 100 concurrent calls with an expired token (worst round)',
    unit: 'count',
    baselineOf: 'calls made',
    target: { on: 'value', op: '=', limit: 1 },
  },
  failed: {
    key: 'api.expired_failures',
    label: 'of those calls, how many failed (all rounds)',
    unit: 'count',
    baselineOf: 'calls made (all rounds)',
    target: { on: 'value', op: '=', limit: 0 },
  },
  expiredAdded: {
    key: 'api.expired_added_latency',
    label: 'added latency per call, expired token (401 → one new token → retry), median per call minus raw',
    unit: 'ms',
    baselineOf: 'raw fetch with a valid token to the same route, median per call in a batch of 100; ratio = client/raw',
  },
  validAdded: {
    key: 'api.valid_added_latency',
    label: 'added latency per call, cached valid token, median per call minus raw',
    unit: 'ms',
    baselineOf: 'raw fetch, median per call; ratio = client/raw',
  },
  overhead: {
    key: 'api.client_overhead',
    label: "the client's own cost per call: one call at a time, cached valid token, median minus raw",
    unit: 'ms',
    baselineOf: 'raw fetch one at a time, median; ratio = client/raw',
  },
} satisfies Record<string, RowTemplate>;

async function batch(
  calls: number,
  call: () => Promise<unknown>,
): Promise<{ perCall: number[]; failures: number; firstFailure: string }> {
  let failures = 0;
  let firstFailure = '';
  const perCall = await Promise.all(
    Array.from({ length: calls }, async () => {
      const t0 = wallNow();
      try {
        await call();
      } catch (error) {
        failures += 1;
        firstFailure ||= error instanceof Error ? error.message : String(error);
      }
      return wallNow() - t0;
    }),
  );
  return { perCall, failures, firstFailure };
}

// The raw side's fetch waits for its answer however long a loaded machine takes; the client's
// calls get the same patience, so a slow answer is a slow figure rather than a failed section.
// This bound only catches a sandbox that never answers.
const HUNG_MS = 5 * 60_000;

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function sandboxClientTokens(base: string): Promise<number> {
  const list = (await (await fetch(`${base}/_sandbox/tokens`)).json()) as {
    accessTokens: { kind: string; accessId: string }[];
  };
  return list.accessTokens.filter((t) => t.kind === 'client' && t.accessId === DEMO_ACCESS_ID).length;
}

export async function benchApiClient(profile: Profile, log: (line: string) => void): Promise<Row[]> {
  const { calls, rounds } = profile.api;
  const sandbox = await startChild(
    [...NODE_TSX, 'electron/sandbox/cli.ts', '--port', '0'],
    /sandbox ready at (http:\/\/\S+)/,
  );
  const base = sandbox.url;
  try {
    let tokenRequests = 0;
    const counting = (input: string, init: RequestInit) => {
      if (init.method === 'POST' && new URL(input).pathname === '/oauth/token') tokenRequests += 1;
      return fetch(input, init);
    };
    const raw: number[] = [];
    const valid: number[] = [];
    const expired: number[] = [];
    const tokensPerRound: number[] = [];
    const sandboxCounts: number[] = [];
    let failures = 0;
    const rawBatch = async () => {
      const token = (
        (await postJson(`${base}/oauth/token`, {
          grant_type: 'client_credentials',
          api_access_id: DEMO_ACCESS_ID,
          api_access_secret: DEMO_ACCESS_SECRET,
        })) as { access_token: string }
      ).access_token;
      const result = await batch(calls, async () => {
        const response = await fetch(`${base}/api/loc`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`raw GET /api/loc: ${response.status}`);
        return JSON.parse(text) as unknown;
      });
      if (result.failures > 0) throw new Error(`${result.failures} raw calls failed (${result.firstFailure})`);
      return median(result.perCall);
    };
    const newClient = () =>
      new ServiceClient({
        baseUrl: base,
        accessId: DEMO_ACCESS_ID,
        accessSecret: DEMO_ACCESS_SECRET,
        secrets: new MemorySecretStore(),
        fetch: counting,
        timeoutMs: HUNG_MS,
      });
    const validBatch = async (client: ServiceClient) => {
      const result = await batch(calls, () => client.listLocations('integration'));
      if (result.failures > 0)
        throw new Error(`${result.failures} client calls with a valid token failed (${result.firstFailure})`);
      return median(result.perCall);
    };
    // Warm-up: open the connection pool (both sides use the same global fetch) and JIT both paths.
    const warm = newClient();
    await warm.listLocations('integration');
    for (let i = 0; i < 3; i++) {
      await rawBatch();
      await validBatch(warm);
    }
    warm.dispose();

    for (let round = 0; round < rounds; round++) {
      const client = newClient();
      try {
        await client.listLocations('integration');
        // Alternate which goes first, so neither always meets a freshly busy sandbox.
        if (round % 2 === 0) {
          raw.push(await rawBatch());
          valid.push(await validBatch(client));
        } else {
          valid.push(await validBatch(client));
          raw.push(await rawBatch());
        }

        await postJson(`${base}/_sandbox/clock/advance`, { seconds: 86_401 });
        const sandboxBefore = await sandboxClientTokens(base);
        tokenRequests = 0;
        const expiredBatch = await batch(calls, () => client.listLocations('integration'));
        tokensPerRound.push(tokenRequests);
        sandboxCounts.push((await sandboxClientTokens(base)) - sandboxBefore);
        failures += expiredBatch.failures;
        expired.push(median(expiredBatch.perCall));
        log(
          `api round ${round + 1}/${rounds}: raw ${raw[round].toFixed(2)} ms, valid ${valid[round].toFixed(2)} ms, ` +
            `expired ${expired[round].toFixed(2)} ms per call (median); ${tokenRequests} token request(s), ${expiredBatch.failures} failure(s)`,
        );
      } finally {
        client.dispose();
      }
    }
    // One call at a time, alternating, so queueing behind other calls does not count.
    const single = { raw: [] as number[], client: [] as number[] };
    const token = (
      (await postJson(`${base}/oauth/token`, {
        grant_type: 'client_credentials',
        api_access_id: DEMO_ACCESS_ID,
        api_access_secret: DEMO_ACCESS_SECRET,
      })) as { access_token: string }
    ).access_token;
    const sequentialClient = newClient();
    try {
      await sequentialClient.listLocations('integration');
      for (let i = 0; i < profile.api.sequential; i++) {
        let t0 = wallNow();
        const response = await fetch(`${base}/api/loc`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        });
        JSON.parse(await response.text());
        single.raw.push(wallNow() - t0);
        t0 = wallNow();
        await sequentialClient.listLocations('integration');
        single.client.push(wallNow() - t0);
      }
    } finally {
      sequentialClient.dispose();
    }
    log(`api one at a time: raw ${median(single.raw).toFixed(3)} ms, client ${median(single.client).toFixed(3)} ms`);
    const rawMedian = median(raw);
    return [
      makeRow({
        ...API_ROWS.tokens,
        value: Math.max(...tokensPerRound),
        baseline: calls,
        ratio: null,
        runs: tokensPerRound,
        note: `sandbox saw ${sandboxCounts.join(', ')} new client token(s) per round`,
      }),
      makeRow({ ...API_ROWS.failed, value: failures, baseline: calls * rounds, ratio: null }),
      makeRow({
        ...API_ROWS.expiredAdded,
        value: median(expired) - rawMedian,
        baseline: rawMedian,
        ratio: median(expired) / rawMedian,
        runs: expired,
        note: `${rounds} round(s) of ${calls} concurrent calls`,
      }),
      makeRow({
        ...API_ROWS.validAdded,
        value: median(valid) - rawMedian,
        baseline: rawMedian,
        ratio: median(valid) / rawMedian,
        runs: valid,
      }),
      makeRow({
        ...API_ROWS.overhead,
        value: median(single.client) - median(single.raw),
        baseline: median(single.raw),
        ratio: median(single.client) / median(single.raw),
        note: `${profile.api.sequential} calls each`,
      }),
    ];
  } finally {
    await stopChild(sandbox.child);
  }
}
