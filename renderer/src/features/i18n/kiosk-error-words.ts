// A failure as the kiosk says it, in the kiosk's language: one sentence per kind of AppError (and
// per reason, where a kind covers several), the same sentences shared/errors.ts has in English.
// Kinds that carry someone else's sentence (the service's reason for a refusal, a bug's message)
// show that sentence as it came: there is nothing to translate it from.
import type { TFunction } from 'i18next';
import type { ErrorPayload } from '../../../../shared/app-error';
import { MONEY_UNIT_CONFLICT } from '../../../../shared/money-units';

export function kioskErrorWords(
  t: TFunction<'kiosk'>,
  payload: ErrorPayload,
  shown: string,
  now: number = Date.now(),
): string {
  switch (payload.kind) {
    case 'not-signed-in':
    case 'unreachable':
    case 'timed-out':
    case 'outcome-unknown':
    case 'service-failed':
    case 'cannot-read':
    case 'data-damaged':
    case 'hub-identity-changed':
    case 'revoked':
      return t(`error.${payload.kind}`);
    case 'break-too-short':
      return t('error.break-too-short', { minutes: payload.data.minimumMinutes });
    case 'punch-too-early':
      return t('error.punch-too-early', { minutes: payload.data.minutesEarly });
    case 'unknown-channel':
    case 'untrusted-sender':
      return t('error.unknown-channel');
    case 'forbidden':
      return t(payload.data.by === 'venue' ? 'error.forbidden-venue' : 'error.forbidden');
    case 'rate-limited': {
      const wait = payload.data.retryAfterMs;
      return wait !== null && wait > 0
        ? t('error.rate-limited-wait', { seconds: Math.ceil(wait / 1000) })
        : t('error.rate-limited');
    }
    case 'not-on-shift':
      return t(payload.data.onBreak ? 'error.not-on-break' : 'error.not-on-shift');
    case 'pin-required':
      return t(payload.data.role === 'manager' ? 'error.pin-required-manager' : 'error.pin-required');
    case 'locked-out':
      return t('error.locked-out', { seconds: Math.max(1, Math.ceil((payload.data.until - now) / 1000)) });
    case 'invalid': {
      if (!payload.data.reason) return shown;
      // The core counts the wrong PINs and says when the pad is close to locking; the screen only words it.
      const left = payload.data.triesLeft;
      return typeof left === 'number' && left > 0
        ? `${t(`error.${payload.data.reason}`)} ${t('error.triesLeft', { count: left })}`
        : t(`error.${payload.data.reason}`);
    }
    case 'conflict':
      // Tips at punch-out in a money unit nobody confirmed: the kiosk's one money write, said in its language.
      return payload.data.what === MONEY_UNIT_CONFLICT ? t('error.money-unit') : shown;
    case 'spend-limit':
    case 'not-found':
    case 'local-failure':
    case 'internal':
    case 'period-signed-off': // a manager's timesheet edit, never a kiosk punch: English
      return shown;
  }
}
