// A small typed client for the /_sandbox control API, for tests and e2e scripts. Each method is
// one HTTP call; a non-2xx answer throws with the sandbox's { error, message }.
import { tabControlMethods } from './control-client-tabs';
import type { FaultInput, FaultRule } from './faults';
import type { SandboxReadings } from './readings';

export interface ClockView {
  now: string;
  nowMs: number;
  offsetMs: number;
}

export interface IntegrationView {
  accessId: string;
  name: string;
  redirectUrls: string[];
  authorizedLocationUuids: string[];
  subscribedLocationUuids: string[];
  createdAt: string;
}

export interface RegisterIntegrationInput {
  accessId: string;
  accessSecret: string;
  name?: string;
  redirectUrls?: string[];
  authorizedLocationUuids?: string[];
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export function createControlClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchImpl(`${baseUrl}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as T & { error?: string; message?: string };
    if (!res.ok) throw new SandboxControlError(res.status, data.error ?? 'unknown', data.message ?? res.statusText);
    return data;
  }
  return {
    venue: () => call<Record<string, unknown[]>>('GET', '/venue'),
    reset: (opts: { keepTokens?: boolean } = {}) => call<{ reset: true; clock: ClockView }>('POST', '/reset', opts),
    setHeaderPrefix: (headerPrefix: string) => call<{ headerPrefix: string }>('POST', '/config', { headerPrefix }),
    readings: () => call<{ readings: SandboxReadings }>('GET', '/readings'),
    clock: () => call<ClockView>('GET', '/clock'),
    advanceClock: (seconds: number) => call<ClockView>('POST', '/clock/advance', { seconds }),
    revokeTokens: (body: { token: string } | { refreshToken: string } | { all: true }) =>
      call<{ revoked: number }>('POST', '/tokens/revoke', body),
    mintCode: (accessId: string, userId: string) =>
      call<{ code: string; expiresAt: string }>('POST', '/codes', { accessId, userId }),
    integrations: () => call<{ integrations: IntegrationView[] }>('GET', '/integrations'),
    registerIntegration: (input: RegisterIntegrationInput) => call<IntegrationView>('POST', '/integrations', input),
    addRedirectUrl: (accessId: string, url: string) =>
      call<IntegrationView>('POST', `/integrations/${encodeURIComponent(accessId)}/redirect-urls`, { url }),
    addFault: (input: FaultInput) => call<FaultRule>('POST', '/faults', input),
    faults: () => call<{ faults: FaultRule[] }>('GET', '/faults'),
    clearFaults: () => call<{ cleared: number }>('DELETE', '/faults'),
    ...tabControlMethods(call),
  };
}

export type SandboxControlClient = ReturnType<typeof createControlClient>;
