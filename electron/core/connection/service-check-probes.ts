// More points of "Check this service", each named from what the service showed or "cannot tell":
// how a refused request is answered (a read of an entry that cannot exist), how ids are written
// (the location list), whether money comes as numbers or decimal strings (the tips and prices the
// check read), and the webhook signature header's form (deliveries the listener kept: a read never
// shows it). Reads only, as the rest of the check.
import { randomUUID } from 'node:crypto';
import type { ServiceCheckConfirm } from '../../../shared/domain';
import { errorMessage } from '../../../shared/errors';
import type { ServiceClient } from '../api/service-client';
import { isServiceError } from '../api/errors';
import type { RefusalSource } from '../webhooks/refused-deliveries';

export const CANNOT_TELL = 'cannot tell';

/** One line of the report (service-check.ts). */
export type Add = (
  point: string,
  saw: string,
  assume: string,
  ok?: boolean,
  found?: string,
  confirm?: ServiceCheckConfirm,
) => void;

const REFUSAL_ASSUME =
  'an answer is success only when its body reads as one: a 2xx whose body refuses is a refusal, shown with what the service said, and a refused write is not retried as if unanswered';

/**
 * How the service refuses: a GET of a labor entry by a fresh uuid (no entry has it) must be
 * refused. 'status': with a 4xx; otherwise 2xx with the refusal in the body, named by its form:
 * 'ok-success-false' (`success: false` or `ok: false`), 'ok-status-in-body' (a 4xx `status` in
 * the body) or 'ok-error' (an `error` beside its message).
 */
export async function checkRefusals(client: ServiceClient, locationUuid: string | null, add: Add): Promise<void> {
  const point = 'Refusals';
  if (!locationUuid) return add(point, 'no location to ask at', REFUSAL_ASSUME, true, CANNOT_TELL);
  const path = `/loc/${encodeURIComponent(locationUuid)}/labor/entries/${randomUUID()}`;
  const request = `GET /api${path} (an entry that does not exist)`;
  try {
    await client.request('integration', 'GET', path);
    add(
      point,
      `${request} was answered as if found`,
      `${REFUSAL_ASSUME}; this answer shows no refusal`,
      true,
      CANNOT_TELL,
    );
  } catch (error) {
    const answered = isServiceError(error) && error.kind === 'http' ? error.answeredStatus : null;
    if (isServiceError(error) && error.kind === 'http' && answered !== null && answered >= 200 && answered <= 299) {
      const form = bodyRefusalForm(error.body);
      add(
        point,
        `${request}: ${answered} with the refusal in its body (${FORM_WORDS[form]})`,
        REFUSAL_ASSUME,
        true,
        form,
      );
    } else if (
      isServiceError(error) &&
      error.kind === 'http' &&
      error.status !== undefined &&
      error.status !== null &&
      error.status >= 400 &&
      error.status <= 499 &&
      ![401, 403, 429].includes(error.status)
    ) {
      add(point, `${request}: refused with ${error.status}`, REFUSAL_ASSUME, true, 'status');
    } else {
      // Credentials, rate limits, a timeout or an answer that is neither: says nothing of refusals.
      add(point, `${request}: ${errorMessage(error)}`, REFUSAL_ASSUME, true, CANNOT_TELL);
    }
  }
}

type BodyForm = 'ok-success-false' | 'ok-status-in-body' | 'ok-error';

const FORM_WORDS: Record<BodyForm, string> = {
  'ok-success-false': 'success: false',
  'ok-status-in-body': 'a 4xx status in the body',
  'ok-error': 'an error and its message',
};

function bodyRefusalForm(body: unknown): BodyForm {
  const b = isRecord(body) ? body : {};
  if (b.success === false || b.ok === false) return 'ok-success-false';
  const statuses = [b.status, b.statusCode, b.status_code, b.httpStatus].map(Number);
  if (statuses.some((n) => Number.isInteger(n) && n >= 400 && n <= 599)) return 'ok-status-in-body';
  return 'ok-error';
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * How numeric ids are written, from the values of one id field: 'number' (JSON numbers),
 * 'string' (numeric strings), 'beyond 2^53' (any id past 2^53: as a JSON number it would be
 * rounded; the app keeps every digit as a string, json-digits.ts), 'mixed', or cannot tell.
 */
export function idsFound(values: unknown[]): string {
  const numeric = values.filter(
    (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v)),
  );
  if (numeric.length === 0) return CANNOT_TELL;
  if (numeric.some((v) => BigInt(v as string | number) > SAFE)) return 'beyond 2^53';
  if (numeric.every((v) => typeof v === 'number')) return 'number';
  if (numeric.every((v) => typeof v === 'string')) return 'string';
  return 'mixed';
}

/** The largest id of `values` past 2^53, for the sentence; null when none is. */
export function idBeyondSafe(values: unknown[]): string | null {
  const big = values.find((v) => typeof v === 'string' && /^\d+$/.test(v) && BigInt(v) > SAFE);
  return typeof big === 'string' ? big : null;
}

/** Money as the check read it: JSON numbers, decimal strings ("12.50", "1250"), both, or none seen. */
export function moneyTextLine(values: (number | string)[], where: string, add: Add): void {
  const strings = values.filter((v) => typeof v === 'string');
  const found =
    values.length === 0
      ? CANNOT_TELL
      : strings.length === values.length
        ? 'string'
        : strings.length === 0
          ? 'number'
          : 'mixed';
  add(
    'Money: written as',
    values.length === 0
      ? `no amounts to look at (${where})`
      : found === 'string'
        ? `decimal strings (e.g. "${strings[0]}") in ${where}`
        : found === 'number'
          ? `JSON numbers (e.g. ${values[0]}) in ${where}`
          : `both numbers and decimal strings in ${where}`,
    'money is read as a number or a decimal string alike; a decimal point ("13.00") is read as dollars, since cents are whole',
    true,
    found,
  );
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const LABEL = /^(?:hmac[-_]?)?sha-?256[=:]/i;

/**
 * A signature header's form: 'hex' (as the spec shows), 'sha256-prefix' (labelled), two or more
 * signatures while a secret rotates, 'rotating-comma' or 'rotating-space' by their separator, or
 * 'unreadable' (the listener refuses it).
 */
export function signatureForm(header: string): string {
  const parts = header
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || !parts.every((p) => HEX_SHA256.test(p.replace(LABEL, '')))) return 'unreadable';
  if (parts.length > 1) return header.includes(',') ? 'rotating-comma' : 'rotating-space';
  return LABEL.test(parts[0]) ? 'sha256-prefix' : 'hex';
}

const SIGNATURE_WORDS: Record<string, string> = {
  hex: 'bare hex, as the spec shows',
  'sha256-prefix': 'labelled (sha256=…)',
  'rotating-comma': 'two signatures, comma separated: a secret being rotated',
  'rotating-space': 'two signatures, space separated: a secret being rotated',
  unreadable: 'not signatures the listener can read',
};

/**
 * The signature header of the newest deliveries the listener kept (newest first; null where a
 * delivery had none). A read never shows it: with no delivery yet, it cannot tell.
 */
export function signaturesLine(headers: (string | null)[] | undefined, add: Add): void {
  const seen = (headers ?? []).filter((h): h is string => typeof h === 'string' && h.trim() !== '');
  const assume =
    'the listener takes bare hex, a sha256= label and, while a secret rotates, up to four signatures separated by commas or spaces: one matching the secret set here is enough';
  if (seen.length === 0) {
    add(
      'Webhook signatures',
      headers && headers.length > 0
        ? `${headers.length} deliveries kept, none signed`
        : headers
          ? 'no delivery received yet: only a delivery shows the signature header'
          : 'the webhook listener is not running: only a delivery shows the signature header',
      assume,
      true,
      CANNOT_TELL,
    );
    return;
  }
  const forms = [...new Set(seen.map(signatureForm))];
  add(
    'Webhook signatures',
    `${seen.length} signed deliveries kept, the newest ${SIGNATURE_WORDS[forms[0]]}${forms.length > 1 ? `; also seen: ${forms.slice(1).join(', ')}` : ''}`,
    assume,
    forms[0] !== 'unreadable',
    forms[0],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The signature headers of the newest deliveries the listener kept, newest first: the service's
 * own, not a web page's request to the port (403 and 415 there, assess-delivery.ts).
 */
export function recentSignatureHeaders(source: RefusalSource, newest = 20): (string | null)[] {
  return source
    .list({}, 0, newest)
    .rows.map((row) => source.detail(row.seq))
    .filter((d) => d !== null && d.httpStatus !== 403 && d.httpStatus !== 415)
    .map((d) => d?.signature.header ?? null);
}
