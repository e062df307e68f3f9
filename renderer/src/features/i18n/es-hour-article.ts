// Spanish says the hour with its article, and one o'clock is singular: "a la 1:00", "desde la
// 1:30", but "a las 3:00" and "a las 13:00". The sentences in es.ts say "las {{time}}", as for
// every other hour; this turns "las" into "la" where the time filled in is in the one o'clock hour.

/** The kiosk's post-processor name (kiosk-i18n.ts runs it on every Spanish sentence). */
export const HOUR_ARTICLE = 'es-hour-article';

/** "a las 1:05 p. m." → "a la 1:05 p. m."; any other hour (10:00, 11:00, 13:00) is left as it is. */
export function hourArticle(sentence: string): string {
  return sentence.replace(/(^|[\s(])([Ll])as(\s+)(?=1[:.]\d\d)/g, '$1$2a$3');
}
