// The language switch on the PIN pad: the other language named in itself ("Español" on an English
// kiosk, "English" on a Spanish one), so the person who needs it can read it. Picked before
// signing in, it is remembered for that person (the hub keeps it: laborRememberLanguage) and spoken
// to them at their next sign-in; back at the pad the kiosk speaks its own language again.
import type { KioskLanguage } from '../../../../shared/labor';
import { useKioskText } from '../i18n/use-kiosk-text';

export function LanguageToggle({
  language,
  onSwitch,
}: {
  language: KioskLanguage;
  onSwitch(next: KioskLanguage): void;
}) {
  const { t } = useKioskText();
  const next: KioskLanguage = language === 'en' ? 'es' : 'en';
  return (
    <button
      type="button"
      className="k-lang"
      lang={next}
      title={t('language.switchLabel')}
      data-testid="language-toggle"
      onClick={() => onSwitch(next)}
    >
      <span aria-hidden="true" className="k-lang-globe">
        ⇄
      </span>{' '}
      {t('language.switchTo')}
    </button>
  );
}
