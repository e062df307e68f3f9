// A tiny router: routes are { method, path } with ':name' segments; no framework needed.
// Matching is strict (no trailing-slash folding) because the emulator should only answer the
// paths the spec publishes, so a client with a typo sees a 404 here rather than in production.
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxWorld } from '../world';
import type { SandboxResponse } from './responses';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  world: SandboxWorld;
  method: string;
  pathname: string;
  query: URLSearchParams;
  /** Decoded ':name' path segments. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The sandbox's own base URL (for links in HTML pages). */
  baseUrl: string;
}

export type RouteHandler = (ctx: RouteContext) => SandboxResponse | Promise<SandboxResponse>;

export interface RouteDef {
  method: HttpMethod;
  path: string;
  handler: RouteHandler;
}

interface CompiledRoute extends RouteDef {
  segments: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path' };

const split = (path: string) => path.split('/').slice(1);

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: RouteDef[]) {
    this.routes = routes.map((r) => ({ ...r, segments: split(r.path) }));
  }

  match(method: string, pathname: string): RouteMatch {
    const parts = split(pathname);
    const allow: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (params === 'bad') return { kind: 'bad-path' };
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null | 'bad' {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i];
    if (seg.startsWith(':')) {
      if (parts[i] === '') return null;
      try {
        params[seg.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return 'bad';
      }
    } else if (seg !== parts[i]) {
      return null;
    }
  }
  return params;
}
