// The spec does not show the JSON shape of error bodies (part 7), so the human sentence the
// service put in an error answer is searched for in every shape we have seen services use.

const MAX_LENGTH = 300;

/**
 * The service's own explanation from an error body, or null when it gave none.
 * `parsed` is the JSON value when the body was JSON (undefined otherwise), `text` the raw body.
 */
export function extractServiceMessage(parsed: unknown, text: string): string | null {
  if (parsed !== undefined) {
    const found = fromJson(parsed, 0);
    if (found) return clip(found);
    // JSON we could not read a sentence from: a short raw excerpt still beats nothing.
    return text.trim() && text.trim() !== '{}' && text.trim() !== 'null' ? clip(text.trim()) : null;
  }
  const plain = plainText(text);
  return plain ? clip(plain) : null;
}

function fromJson(value: unknown, depth: number): string | null {
  if (depth > 3 || value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const parts = value.map((v) => fromJson(v, depth + 1)).filter((v): v is string => !!v);
    return parts.length ? parts.join('; ') : null;
  }
  if (typeof value !== 'object') return null;
  const body = value as Record<string, unknown>;

  const message =
    text(body.message) ??
    text(body.error_description) ??
    text(body.detail) ??
    text(body.description) ??
    fromJson(body.alert, depth + 1) ??
    fromJson(body.errors, depth + 1);
  // `error` is either a short code ('invalid_client') or an object holding the message.
  const error = typeof body.error === 'string' ? text(body.error) : fromJson(body.error, depth + 1);

  if (message && error && !message.includes(error)) return `${message} (${error})`;
  return message ?? error ?? text(body.title) ?? text(body.msg) ?? null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Plain text or an HTML error page (proxies send those) reduced to its words. */
function plainText(raw: string): string {
  const trimmed = raw.trim();
  if (!/^<|<html|<body/i.test(trimmed)) return trimmed.replace(/\s+/g, ' ');
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
  const body = trimmed
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return body || title?.replace(/\s+/g, ' ').trim() || '';
}

function clip(value: string): string {
  return value.length > MAX_LENGTH ? `${value.slice(0, MAX_LENGTH - 1)}…` : value;
}

/**
 * The machine-readable error code, when the service gave one: `error` or `code` in the body
 * (OAuth style), or the error="…" of a WWW-Authenticate header (RFC 6750).
 */
export function extractServiceCode(parsed: unknown, wwwAuthenticate: string | null): string | null {
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const body = parsed as Record<string, unknown>;
    const nested =
      body.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>).code : undefined;
    for (const candidate of [body.error, body.code, nested]) {
      if (typeof candidate === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(candidate)) return candidate;
    }
  }
  return wwwAuthenticate ? (/error="([^"]+)"/.exec(wwwAuthenticate)?.[1] ?? null) : null;
}
