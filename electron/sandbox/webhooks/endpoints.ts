// Registered webhook endpoints (what the dashboard at /manager/integrations stores per integration).
import type { WebhookEndpoint, WebhookEndpointInput, WebhookEventType } from './types';

export class EndpointRegistry {
  private byId = new Map<string, WebhookEndpoint>();
  // Not reset by clear(): an id from before a reset must not name a new endpoint.
  private nextId = 1;

  /**
   * Same integration + same URL updates that endpoint in place (an app that registers its receiver
   * on every start must not pile up copies); otherwise a new one. `created` tells which.
   */
  upsert(input: WebhookEndpointInput, nowMs: number): { endpoint: WebhookEndpoint; created: boolean } {
    const fields = {
      accessId: input.accessId,
      url: input.url,
      eventTypes: [...new Set(input.eventTypes)] as WebhookEventType[],
      secret: input.secret,
      customHeaders: { ...input.customHeaders },
    };
    const existing = [...this.byId.values()].find((e) => e.accessId === input.accessId && e.url === input.url);
    if (existing) {
      Object.assign(existing, fields);
      return { endpoint: existing, created: false };
    }
    const endpoint: WebhookEndpoint = { id: `endpoint-${this.nextId++}`, ...fields, createdAtMs: nowMs };
    this.byId.set(endpoint.id, endpoint);
    return { endpoint, created: true };
  }

  get(id: string): WebhookEndpoint | undefined {
    return this.byId.get(id);
  }

  list(accessId?: string): WebhookEndpoint[] {
    const all = [...this.byId.values()];
    return accessId === undefined ? all : all.filter((e) => e.accessId === accessId);
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}

/** The control API's and dashboard's view: whether a secret is set, never the secret itself. */
export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    accessId: e.accessId,
    url: e.url,
    eventTypes: [...e.eventTypes],
    hasSecret: e.secret !== null,
    customHeaders: { ...e.customHeaders },
    createdAt: new Date(e.createdAtMs).toISOString(),
  };
}

export type EndpointView = ReturnType<typeof endpointView>;
