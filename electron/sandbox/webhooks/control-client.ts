// Typed client for the /_sandbox/webhooks control routes, for tests and scripts. Kept beside the
// sender (not in ../control-client.ts) so the webhook feature stays in its own files; it throws the
// same SandboxControlError on non-2xx.
import { SandboxControlError } from '../control-client';
import type { DeliveryView } from './deliveries';
import type { EndpointView } from './endpoints';
import type { DeliveryStatus, WebhookEventType, WebhookFaultInput, WebhookFaultRule } from './types';

export interface RegisterEndpointInput {
  accessId: string;
  url: string;
  eventTypes: WebhookEventType[];
  secret?: string | null;
  customHeaders?: Record<string, string>;
}

export interface TriggerInput {
  type: WebhookEventType;
  locationUuid?: string;
  targetUuid?: string | null;
  targetId?: string | null;
  data?: Record<string, unknown>;
  forge?: boolean;
  customerId?: string | null;
  onlyAccessId?: string;
}

export type TriggerResult =
  | { throttled: true; eventId: null; deliveries: [] }
  | { throttled: false; eventId: string; envelope: Record<string, unknown>; body: string; deliveries: DeliveryView[] };

export function createWebhookControlClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchImpl(`${baseUrl}/_sandbox/webhooks${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as T & { error?: string; message?: string };
    if (!res.ok) throw new SandboxControlError(res.status, data.error ?? 'unknown', data.message ?? res.statusText);
    return data;
  }
  const query = (q: Record<string, string | undefined>) => {
    const s = new URLSearchParams(
      Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    return s === '' ? '' : `?${s}`;
  };
  return {
    registerEndpoint: (input: RegisterEndpointInput) => call<EndpointView>('POST', '/endpoints', input),
    endpoints: (accessId?: string) => call<{ endpoints: EndpointView[] }>('GET', `/endpoints${query({ accessId })}`),
    removeEndpoint: (id: string) => call<{ removed: string }>('DELETE', `/endpoints/${encodeURIComponent(id)}`),
    trigger: (input: TriggerInput) => call<TriggerResult>('POST', '/trigger', input),
    deliveries: (filter: { endpointId?: string; status?: DeliveryStatus; eventId?: string } = {}) =>
      call<{ deliveries: DeliveryView[] }>('GET', `/deliveries${query(filter)}`),
    addFault: (input: WebhookFaultInput) => call<WebhookFaultRule>('POST', '/faults', input),
    faults: () => call<{ faults: WebhookFaultRule[] }>('GET', '/faults'),
    clearFaults: () => call<{ cleared: number }>('DELETE', '/faults'),
    flush: () => call<{ flushed: number; deliveries: DeliveryView[] }>('POST', '/flush'),
  };
}

export type WebhookControlClient = ReturnType<typeof createWebhookControlClient>;
