// The kiosk's i18next instance: its own (the rest of the app stays English and never reads it),
// both languages bundled and ready at once, so the first paint is already in the kiosk's language.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { KioskLanguage } from '../../../../shared/labor';
import { en } from './en';
import { es } from './es';
import { HOUR_ARTICLE, hourArticle } from './es-hour-article';

export const KIOSK_NS = 'kiosk';

export const kioskI18n: i18n = i18next.createInstance();
void kioskI18n
  .use(initReactI18next)
  .use({
    type: 'postProcessor',
    name: HOUR_ARTICLE,
    // The language asked for (a kiosk part's own, passed as lng), else the instance's.
    process: (value: string, _key: unknown, options: { lng?: string }, translator: { language?: string }) =>
      (options?.lng ?? translator?.language) === 'es' ? hourArticle(value) : value,
  })
  .init({
    resources: { en: { [KIOSK_NS]: en }, es: { [KIOSK_NS]: es } },
    lng: 'en',
    fallbackLng: 'en',
    ns: [KIOSK_NS],
    defaultNS: KIOSK_NS,
    initAsync: false,
    // React escapes what it renders; i18next escaping too would show "&amp;" in a venue's name.
    interpolation: { escapeValue: false },
    postProcess: [HOUR_ARTICLE],
  });

/** The locale Intl formats with, per kiosk language: the venue is American, so US Spanish. */
export const KIOSK_LOCALES: Record<KioskLanguage, string> = { en: 'en-US', es: 'es-US' };

export const KIOSK_LANGUAGES: readonly KioskLanguage[] = ['en', 'es'];
