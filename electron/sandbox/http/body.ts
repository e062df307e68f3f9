// Request bodies: read with a size cap, then parse as JSON or as an HTML form.
// Parsers return either the value or a ready 400 response, so handlers stay linear.
import type { IncomingMessage } from 'node:http';
import type { RouteContext } from './router';
import { errorJson, type SandboxResponse } from './responses';

/** Generous for any real request here; stops a runaway client from filling memory. */
export const MAX_BODY_BYTES = 1_000_000;

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(`body larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: SandboxResponse };

export type BodyObject = Record<string, unknown>;

function mediaType(ctx: RouteContext): string {
  return String(ctx.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

const isForm = (ctx: RouteContext) => mediaType(ctx) === 'application/x-www-form-urlencoded';

/** A JSON object body. An empty body counts as {} so required-field checks give the clearer message. */
export function parseJsonObject(ctx: RouteContext): Parsed<BodyObject> {
  if (isForm(ctx)) {
    return {
      ok: false,
      response: errorJson(400, 'invalid_body', 'This route takes a JSON body (Content-Type: application/json).'),
    };
  }
  const text = ctx.rawBody.toString('utf8');
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: errorJson(400, 'invalid_json', 'The request body is not valid JSON.') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, response: errorJson(400, 'invalid_body', 'The request body must be a JSON object.') };
  }
  return { ok: true, value: value as BodyObject };
}

/** An application/x-www-form-urlencoded body as a plain object (first value of each key wins). */
export function parseFormObject(ctx: RouteContext): BodyObject {
  const params = new URLSearchParams(ctx.rawBody.toString('utf8'));
  const out: BodyObject = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** OAuth token endpoints accept both JSON and form bodies, as OAuth clients commonly send forms. */
export function parseJsonOrForm(ctx: RouteContext): Parsed<BodyObject> {
  return isForm(ctx) ? { ok: true, value: parseFormObject(ctx) } : parseJsonObject(ctx);
}
