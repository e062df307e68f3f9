// A 2xx whose body says the request was refused. The spec shows no error body (7), and some
// services answer every request 200 and put the outcome in the body: taken by its status alone,
// a refused refund read as accepted and a refused punch-out as synced. So every answer's body is
// read for a refusal before its status is believed; what counts as one is listed in
// docs/service-assumptions.md ("Error bodies on 2xx").

export type AnswerReading =
  /** Nothing in the body refuses the request. */
  | { kind: 'none' }
  /** The body refuses it; `status` is the one it implies (its own 4xx/5xx, else 400). */
  | { kind: 'refused'; status: number }
  /** The body both refuses it and carries other data: neither a success nor a refusal can be read. */
  | { kind: 'mixed'; marker: string };

// Words a top-level `status` or `result` uses to say the request failed.
const REFUSAL_WORDS = /^(error|errors|fail|failed|failure|refused|rejected|denied|declined|invalid|forbidden)$/i;

// Keys an error body carries beside its marker: anything else may be a success's data.
const MESSAGE_KEYS = new Set([
  'error',
  'errors',
  'error_description',
  'errorCode',
  'error_code',
  'alert',
  'message',
  'msg',
  'title',
  'detail',
  'details',
  'description',
  'reason',
  'code',
  'status',
  'statusCode',
  'status_code',
  'httpStatus',
  'type',
  'success',
  'ok',
  'result',
  'request_id',
  'requestId',
  'trace_id',
  'traceId',
  'timestamp',
  'path',
]);

const STATUS_KEYS = ['status', 'statusCode', 'status_code', 'httpStatus', 'code'] as const;

export function readAnswerRefusal(body: unknown): AnswerReading {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'none' };
  const b = body as Record<string, unknown>;
  const implied = impliedStatus(b);
  // Said outright: the request failed, whatever else the body holds.
  const status = implied ?? statusOfCode(b) ?? 400;
  if (b.success === false || b.ok === false || wordRefuses(b.status) || wordRefuses(b.result) || implied !== null)
    return { kind: 'refused', status };
  const marker = ['error', 'errors', 'alert', 'fault'].find((key) => present(b[key]));
  if (!marker) return { kind: 'none' };
  // An error key beside data of another kind: a success with a warning, or a refusal with
  // context; the app cannot tell which, so it acts on neither.
  const others = Object.keys(b).filter((key) => !MESSAGE_KEYS.has(key) && key !== 'fault' && present(b[key]));
  return others.length > 0 ? { kind: 'mixed', marker } : { kind: 'refused', status };
}

// The few codes whose status every caller treats apart (a route that is not there, a clash).
const CODE_STATUS: [RegExp, number][] = [
  [/not[_ .-]?found|no[_ .-]?such/i, 404],
  [/method[_ .-]?not[_ .-]?allowed/i, 405],
  [/conflict/i, 409],
];

/** The status a refusal's own code names (`not_found` → 404), else null (a plain refusal, 400). */
function statusOfCode(b: Record<string, unknown>): number | null {
  const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>).code : undefined;
  for (const code of [b.error, b.code, b.errorCode, b.error_code, nested]) {
    if (typeof code !== 'string') continue;
    const found = CODE_STATUS.find(([pattern]) => pattern.test(code));
    if (found) return found[1];
  }
  return null;
}

function wordRefuses(value: unknown): boolean {
  return typeof value === 'string' && REFUSAL_WORDS.test(value.trim());
}

/** A 4xx or 5xx the body names as its own status (`status: 404`, `statusCode: "409"`), else null. */
function impliedStatus(b: Record<string, unknown>): number | null {
  for (const key of STATUS_KEYS) {
    const value = b[key];
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= 400 && n <= 599) return n;
  }
  return null;
}

function present(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
