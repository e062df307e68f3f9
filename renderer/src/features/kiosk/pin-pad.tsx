// The PIN pad: big keys for wet fingers, dots instead of digits (people queue behind each other),
// and the physical keyboard works too for kiosks that have one.
import { useEffect, useState } from 'react';
import { useTickUntil } from './use-now';
import { clockTimeSeconds } from '../../../../shared/time';

/** A locked pad: until when, for whom (null: everyone), which pad. */
export interface PadLock {
  until: number;
  userId: string | null;
  pad?: 'sign-in' | 'approval';
}
import { useKioskText, type KioskText } from '../i18n/use-kiosk-text';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export interface PinPadProps {
  title: string;
  hint?: string;
  busy: boolean;
  error: string | null;
  lock: PadLock | null;
  /** The venue's zone, for the time the lock ends. */
  timezone: string | null;
  nameOf?: (userId: string) => string | null;
  onSubmit(pin: string): void;
  onCancel?: () => void;
}

/** What every pad on the kiosk is given alike: the request's state, the lock, the venue's zone, the names. */
export type PadState = Pick<PinPadProps, 'busy' | 'error' | 'lock' | 'timezone' | 'nameOf'>;

/**
 * A prompt where a manager standing at this kiosk allows something with their PIN (or goes back);
 * `lock` is the approval pad's, if wrong manager PINs locked it.
 */
export interface ManagerApprovalProps extends PadState {
  onManagerPin(pin: string): void;
  onCancel(): void;
}

export function PinPad({ title, hint, busy, error, lock, timezone, nameOf, onSubmit, onCancel }: PinPadProps) {
  const lockedUntil = lock?.until ?? null;
  const [pin, setPin] = useState('');
  const text = useKioskText();
  const { t } = text;
  // Re-rendered every quarter second while locked, so the countdown moves and the pad opens by itself.
  const now = useTickUntil(lockedUntil);
  const locked = lockedUntil !== null && lockedUntil > now;
  // The sentence that came with the lock speaks of the lock; once the lock is over it is no longer
  // true, so it is not shown again (a later, different error is).
  const [lockError, setLockError] = useState<string | null>(null);
  useEffect(() => {
    if (locked) setLockError(error);
  }, [locked, error]);
  const shownError = !locked && error !== null && error === lockError ? null : error;

  useEffect(() => {
    if (error) setPin('');
  }, [error]);

  const press = (key: string) => setPin((p) => (p.length >= 8 ? p : p + key));
  const submit = () => {
    if (pin.length >= 4 && !busy && !locked) onSubmit(pin);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') setPin((p) => p.slice(0, -1));
      else if (e.key === 'Enter') submit();
      else if (e.key === 'Escape') onCancel?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="k-pad" aria-label={title}>
      <h2 className="k-pad-title">{title}</h2>
      {hint && <p className="k-hint">{hint}</p>}
      <div className="k-pin-dots" data-testid="pin-dots" role="img" aria-label={t('pad.digits', { count: pin.length })}>
        {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
          <span key={i} className={i < pin.length ? 'k-dot on' : 'k-dot'} />
        ))}
      </div>
      <p className="k-pad-message" role={shownError || locked ? 'alert' : undefined} data-testid="pad-message">
        {locked ? lockLine(lock as PadLock, now, timezone, nameOf, text) : (shownError ?? '\u00a0')}
      </p>
      <div className="k-keys">
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="k-key"
            onClick={() => press(k)}
            disabled={busy || locked}
            aria-label={k}
          >
            {k}
          </button>
        ))}
        <button
          type="button"
          className="k-key k-key-muted"
          onClick={() => setPin('')}
          disabled={busy || pin.length === 0}
          aria-label={t('pad.clear')}
        >
          {t('pad.clear')}
        </button>
        <button type="button" className="k-key" onClick={() => press('0')} disabled={busy || locked} aria-label="0">
          0
        </button>
        <button
          type="button"
          className="k-key k-key-go"
          onClick={submit}
          disabled={busy || locked || pin.length < 4}
          aria-label={t('pad.goLabel')}
        >
          {busy ? '…' : t('pad.go')}
        </button>
      </div>
      {onCancel && (
        <button type="button" className="k-link" onClick={onCancel}>
          {t('pad.cancel')}
        </button>
      )}
    </section>
  );
}

/** Which pad is locked, for whom and until when, in the kiosk's language. */
function lockLine(
  lock: PadLock,
  now: number,
  timezone: string | null,
  nameOf: ((userId: string) => string | null) | undefined,
  { t, locale }: KioskText,
): string {
  const who = lock.userId
    ? t('pad.lockedFor', { name: nameOf?.(lock.userId) ?? t('pad.thisPerson') })
    : t('pad.lockedForEveryone');
  const at = clockTimeSeconds(lock.until, timezone, locale);
  return t(lock.pad === 'approval' ? 'pad.lockedApproval' : 'pad.lockedSignIn', {
    who,
    time: timezone ? t('pad.venueTime', { time: at }) : at,
    wait: waitWords(lock.until - now, t),
  });
}

/** 24 s, or 2 min 05 s for the longer locks. */
function waitWords(ms: number, t: KioskText['t']): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 60
    ? t('pad.seconds', { s })
    : t('pad.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
}
