// The embedded sandbox as the composition roots (this host, Electron main, the tests) hand it to
// the core: started on demand, stopped when the user switches to a real service, and spoken to
// only over HTTP through the sandbox's typed control clients with the injected fetch. The core sees
// the SandboxLink interface and nothing else.
import type { EmbeddedSandbox, SandboxLink } from '../core/connection/sandbox-link';
import type { FetchLike } from '../core/api/http';
import { startSandbox, DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, type RunningSandbox, type SandboxOptions } from '../sandbox';
import { createControlClient } from '../sandbox/control-client';
import { createWebhookControlClient } from '../sandbox/webhooks/control-client';
import type { WebhookEventType } from '../sandbox/webhooks/types';
import type { DemoStaff } from '../core/labor/roster';
import type { DamageSink } from '../core/storage/data-health';
import { JobQueue } from '../core/job-queue';

export interface EmbeddedSandboxOptions {
  /** Port of the embedded sandbox; 0 picks a free one. */
  port?: number;
  fetch?: FetchLike;
  /** Where the practice venue is kept between switches and restarts (absent: memory only). */
  stateFile?: string;
  log?: (line: string) => void;
  /** Where an unreadable practice venue is reported (kept aside first); the data-health notices. */
  damage?: DamageSink;
  /** More sandbox options (clock, readings…), for tests and the CLI. */
  sandbox?: Omit<SandboxOptions, 'port' | 'headerPrefix'>;
}

/** The embedded sandbox plus, for tests and the e2e fixture, the running instance itself. */
export interface LocalSandbox extends EmbeddedSandbox {
  running(): RunningSandbox | null;
}

export function embeddedSandbox(options: EmbeddedSandboxOptions = {}): LocalSandbox {
  let running: RunningSandbox | null = null;
  let link: SandboxLink | null = null;
  // One at a time: two overlapping opens must not start two servers.
  const opening = new JobQueue();
  return {
    running: () => running,
    open: async ({ headerPrefix }) => {
      const opened = await opening.run(async () => {
        if (!link) {
          running = await startSandbox({
            ...options.sandbox,
            port: options.port ?? 0,
            headerPrefix,
            stateFile: options.stateFile,
            log: options.log,
            onDamaged: ({ path, keptAs, detail, newer }) =>
              options.damage?.(
                newer
                  ? { key: 'newer', severity: 'error', path, keptAs, count: null, sentence: detail, detail }
                  : {
                      severity: 'warning',
                      path,
                      keptAs,
                      count: null,
                      sentence:
                        'The practice venue could not be read, so it started again from the demo venue. The file as it was is kept aside.',
                      detail,
                    },
              ),
          });
          await drainStaleSockets(running.baseUrl, options.fetch ?? fetch);
          link = sandboxLink(running.baseUrl, options.fetch);
        }
        return link;
      });
      await opened.setHeaderPrefix(headerPrefix);
      return opened;
    },
    close: async () => {
      await opening.idle();
      const closing = running;
      running = null;
      link = null;
      await closing?.close();
    },
  };
}

/**
 * Reopened on the port it had, the sandbox is the same origin to fetch's connection pool, which may
 * still hold keep-alive sockets to the closed server: the first requests on them fail with "other
 * side closed". Safe GETs use them up before anything that writes.
 */
async function drainStaleSockets(baseUrl: string, fetchImpl: FetchLike): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const response = await fetchImpl(`${baseUrl}/_sandbox`, {});
      await response.text();
      return;
    } catch {
      // a stale socket was dropped by the failure; the next try gets another one or a new one
    }
  }
}

/** A SandboxLink to a sandbox at `baseUrl` (embedded or `npm run sandbox`). */
export function sandboxLink(
  baseUrl: string,
  fetchImpl: FetchLike = fetch,
  credentials = { accessId: DEMO_ACCESS_ID, accessSecret: DEMO_ACCESS_SECRET },
): SandboxLink {
  const control = createControlClient(baseUrl, fetchImpl as typeof fetch);
  const webhooks = createWebhookControlClient(baseUrl, fetchImpl as typeof fetch);
  return {
    baseUrl,
    ...credentials,
    demoStaff: async () => ((await control.venue()).staff ?? []) as DemoStaff[],
    moneyUnits: async () => {
      const { readings } = await control.readings();
      return { sent: readings.moneySent, answers: readings.moneyAnswers, numbers: readings.moneyNumbers };
    },
    setHeaderPrefix: async (headerPrefix) => {
      await control.setHeaderPrefix(headerPrefix);
    },
    registerRedirect: async (url) => {
      await control.addRedirectUrl(credentials.accessId, url);
    },
    registerEndpoint: async (input) => {
      const created = await webhooks.registerEndpoint({
        ...input,
        eventTypes: [...input.eventTypes] as WebhookEventType[],
      });
      return { id: created.id };
    },
    removeEndpoint: async (id) => {
      await webhooks.removeEndpoint(id);
    },
    deliveries: async () =>
      (await webhooks.deliveries()).deliveries.map((d) => ({
        id: d.id,
        endpointId: d.endpointId,
        type: d.type,
        status: d.status,
        attempts: d.attempts,
        lastAttemptAt: d.lastAttemptAt,
        nextAttemptAt: d.nextAttemptAt,
        lastResponseStatus: d.lastResponseStatus,
        lastError: d.lastError,
        forged: d.forged,
        duplicate: d.duplicate,
      })),
    flush: async () => ({ flushed: (await webhooks.flush()).flushed }),
    trigger: async (input) => {
      const result = await webhooks.trigger({ ...input, type: input.type as WebhookEventType });
      return { throttled: result.throttled, sentTo: result.deliveries.length };
    },
    reset: async () => {
      await control.reset({ keepTokens: true });
    },
  };
}
