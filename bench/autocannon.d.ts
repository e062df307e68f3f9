// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before every request this entry sends; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | undefined;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Total requests; the run ends once this many have been answered. */
    amount?: number;
    /** Seconds, when amount is not given. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    requests: { total: number; sent: number; average: number };
    latency: { p50: number; p99: number; average: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
    start: Date;
    finish: Date;
  }

  export interface AutocannonInstance extends EventEmitter {
    stop(): void;
  }

  function autocannon(
    options: AutocannonOptions,
    done: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;
  // The package's own shape: a declaration of a default-exporting module, not our code's style.
  // eslint-disable-next-line no-restricted-syntax
  export default autocannon;
}
