// The kiosk's language as React sees it: the kiosk screen says which language is active (the
// kiosk's own, or the one the person at the pad picked), and every kiosk part asks for its words,
// times and amounts through useKioskText(), so none of them formats with a locale of its own.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { KioskLanguage } from '../../../../shared/labor';
import { formatMoney } from '../../../../shared/money';
import { clockTime, formatVenueTime } from '../../../../shared/time';
import { KIOSK_LOCALES, KIOSK_NS, kioskI18n } from './kiosk-i18n';

const LanguageContext = createContext<KioskLanguage>('en');

export function KioskLanguageProvider({ language, children }: { language: KioskLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export interface KioskText {
  t: TFunction<typeof KIOSK_NS>;
  language: KioskLanguage;
  locale: string;
  /** "9:04 PM" / "9:04 p. m." on the venue's clock. */
  time(ms: number, timezone: string | null): string;
  /** A time on the venue's today as a clock time, another day's with its date. */
  when(ms: number, timezone: string | null): string;
  /** "$12.50" in the reader's locale (the currency stays dollars). */
  money(cents: number): string;
}

/** The language the kiosk part around this one speaks ('en' outside the kiosk). */
export function useKioskLanguage(): KioskLanguage {
  return useContext(LanguageContext);
}

export function useKioskText(): KioskText {
  return useKioskTextIn(useContext(LanguageContext));
}

/** The same, for the one part that decides the language (the kiosk screen, above the provider). */
export function useKioskTextIn(language: KioskLanguage): KioskText {
  const { t } = useTranslation(KIOSK_NS, { lng: language, i18n: kioskI18n });
  return useMemo(() => {
    const locale = KIOSK_LOCALES[language];
    return {
      t,
      language,
      locale,
      time: (ms, timezone) => clockTime(ms, timezone, locale),
      when: (ms, timezone) => formatVenueTime(ms, timezone, Date.now(), locale),
      money: (cents) => formatMoney(cents, locale),
    };
  }, [t, language]);
}
