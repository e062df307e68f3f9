// A generic fault registry: "make the next N requests matching this pattern misbehave".
// The HTTP server consults it before every non-control request; later issues (webhook delivery)
// can consult it with their own keys, since a pattern is just "METHOD /path".

// status429/status503 answer with Retry-After (retryAfterS); commit-then-504 commits, then answers
// 504 the way a proxy does when the service was slow: the client cannot know the outcome.
// ok-not-done answers 200 with an empty object and does nothing: a 2xx that is no success.
export const FAULT_MODES = [
  'status500',
  'reset',
  'delay',
  'commit-lose-response',
  'status429',
  'status503',
  'commit-then-504',
  'ok-not-done',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultInput {
  /** 'POST /api/loc/subscribe', 'GET /api/*', '/api/loc/:location/tabs', '* /oauth/token' … */
  route: string;
  mode: FaultMode;
  /** How many matching requests it hits; 'always' never runs out. Default 1. */
  count?: number | 'always';
  /** For mode 'delay': real milliseconds to wait before handling. Default 1000. */
  delayMs?: number;
  /** For status429 / status503: seconds in the Retry-After header. Default 1. */
  retryAfterS?: number;
}

export interface FaultRule {
  id: string;
  route: string;
  mode: FaultMode;
  remaining: number | 'always';
  delayMs: number;
  retryAfterS: number;
  /** How many requests it has hit so far. */
  hits: number;
}

interface CompiledPattern {
  method: string | null;
  segments: string[];
  prefix: boolean;
}

/** Parses "[METHOD ]/path" where a ':name' segment matches any one segment and a trailing '*' any rest. */
export function compileFaultPattern(route: string): CompiledPattern {
  const trimmed = route.trim();
  const space = trimmed.indexOf(' ');
  const rawMethod = space === -1 ? null : trimmed.slice(0, space).toUpperCase();
  let path = space === -1 ? trimmed : trimmed.slice(space + 1).trim();
  if (!path.startsWith('/')) throw new Error(`fault route must contain a path starting with '/': ${route}`);
  const prefix = path.endsWith('*');
  if (prefix) path = path.slice(0, -1);
  // '/api/*' and '/api*' both mean "anything under /api"; a trailing slash is not significant.
  const segments = path.split('/').filter((s) => s.length > 0);
  return { method: rawMethod === '*' ? null : rawMethod, segments, prefix };
}

export function faultPatternMatches(p: CompiledPattern, method: string, pathname: string): boolean {
  if (p.method && p.method !== method.toUpperCase()) return false;
  const parts = pathname.split('/').filter((s) => s.length > 0);
  if (p.prefix ? parts.length < p.segments.length : parts.length !== p.segments.length) return false;
  return p.segments.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
}

export class FaultRegistry {
  private rules: Array<FaultRule & { pattern: CompiledPattern }> = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const pattern = compileFaultPattern(input.route);
    const rule = {
      id: `fault-${this.nextId++}`,
      route: input.route.trim(),
      mode: input.mode,
      remaining: input.count ?? 1,
      delayMs: input.delayMs ?? 1000,
      retryAfterS: input.retryAfterS ?? 1,
      hits: 0,
      pattern,
    };
    this.rules.push(rule);
    return strip(rule);
  }

  list(): FaultRule[] {
    return this.rules.map(strip);
  }

  clear(): number {
    const n = this.rules.length;
    this.rules = [];
    return n;
  }

  /**
   * Consumes one hit of the first (oldest) rule matching this request, if any.
   * First-added wins so a script can queue "fail once, then delay once" on the same route.
   */
  take(method: string, pathname: string): FaultRule | null {
    const idx = this.rules.findIndex((r) => faultPatternMatches(r.pattern, method, pathname));
    if (idx === -1) return null;
    const rule = this.rules[idx];
    rule.hits += 1;
    if (rule.remaining !== 'always') {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules.splice(idx, 1);
    }
    return strip(rule);
  }
}

function strip(rule: FaultRule & { pattern: CompiledPattern }): FaultRule {
  const { pattern: _pattern, ...rest } = rule;
  return { ...rest };
}
