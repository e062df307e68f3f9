// What a failed order or refund means for the person at the till. A 4xx, or a 2xx whose body
// refuses it (answer-refusal.ts), means the service refused and nothing happened; no answer or a
// 5xx means it may have happened (spent or the board tells).
// The spec calls the spend-limit text an "alert" (4, 7) without showing the body, so the alert is
// looked for in every field docs/service-assumptions.md lists, and shown exactly as it came: an
// `{alert: {title, body}}` keeps its title and body apart, a plain-text body is the alert itself,
// and "spending limit" or "spend_limit" count as the limit as much as "spend limit".
import { isServiceError, type ServiceError } from '../api/errors';
import { errorMessage } from '../../../shared/errors';

export interface Refusal {
  kind: 'spend-limit' | 'refused' | 'uncertain';
  status: number | null;
  /** The service's own words when it gave any, else a sentence of ours. */
  text: string;
  /** The alert's own title when it had one (`alert.title`). */
  title: string | null;
}

const SPEND_LIMIT = /spend(ing)?[\s_-]*limit|spendlimit/i;

export function classifyRefusal(error: unknown): Refusal {
  if (!isServiceError(error) || error.status === null || error.status < 400 || error.status >= 500) {
    const detail = errorMessage(error);
    return { kind: 'uncertain', status: isServiceError(error) ? error.status : null, text: detail, title: null };
  }
  const alert = alertText(error.body);
  const said = alert ?? error.serviceMessage;
  const title = alertTitle(error.body);
  return {
    kind: isSpendLimitRefusal(error) ? 'spend-limit' : 'refused',
    // What the service answered: a 200 whose body refused it is shown as that 200.
    status: error.answeredStatus ?? error.status,
    text: said ?? title ?? `The service refused it (${error.status}) without saying why.`,
    title: said ? title : null,
  };
}

/**
 * A 400 whose body or reason names the spend limit. This reads the service's answer (its body is
 * the only place the spec puts the reason), never a message of ours.
 */
export function isSpendLimitRefusal(error: ServiceError): boolean {
  if (error.kind !== 'http' || error.status !== 400) return false;
  return SPEND_LIMIT.test(JSON.stringify(error.body ?? null)) || SPEND_LIMIT.test(error.serviceMessage ?? '');
}

/** `alert.title` (or `alert.heading`) when the alert is an object that has one. */
export function alertTitle(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const alert = (body as Record<string, unknown>).alert;
  if (!alert || typeof alert !== 'object' || Array.isArray(alert)) return null;
  const a = alert as Record<string, unknown>;
  return stringIn(a.title) ?? stringIn(a.heading);
}

/** `alert` (a string, or an object's body/message/text), then `message`, then `errors[]`; null when none. */
export function alertText(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const fromAlert =
    stringIn(b.alert) ??
    (b.alert && typeof b.alert === 'object' ? alertBody(b.alert as Record<string, unknown>) : null);
  if (fromAlert) return fromAlert;
  if (stringIn(b.message)) return stringIn(b.message);
  if (Array.isArray(b.errors)) {
    const parts = b.errors
      .map((e) => stringIn(e) ?? (e && typeof e === 'object' ? stringIn((e as Record<string, unknown>).message) : null))
      .filter(Boolean);
    if (parts.length > 0) return parts.join('; ');
  }
  return null;
}

function stringIn(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function alertBody(alert: Record<string, unknown>): string | null {
  return stringIn(alert.body) ?? stringIn(alert.message) ?? stringIn(alert.text) ?? stringIn(alert.description);
}
