// JSON.parse that keeps every digit of an integer too large for a number. The spec shows no id
// format (2.6) and a service may write ids as JSON numbers beyond 2^53; JSON.parse rounds them, so
// two items of one sale read as one id and a refund or a break names an id the service never
// issued. Such a literal is read as a string of its digits instead: ids are kept as strings
// everywhere (the schemas take "7" or 7), and an amount that large is no amount at all.
// (JSON.parse's reviver gets no source text on Node 20, so the literals are quoted before parsing.)

/** More digits than this and an integer may not be exact as a number. */
const SAFE_DIGITS = 15;
const LONG_RUN = /\d{16}/;

export function parseJsonKeepingDigits(text: string): unknown {
  // Nearly every answer has no run of 16 digits at all: parsed as it is.
  if (!LONG_RUN.test(text)) return JSON.parse(text);
  return JSON.parse(quoteLongIntegers(text));
}

/** The text with every integer literal of unsafe size, outside strings, written as a string. */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, past escapes.
      i += 1;
      while (i < n && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i += 1;
      while (i < n && /[0-9.eE+-]/.test(text[i])) i += 1;
      const literal = text.slice(start, i);
      if (
        /^-?\d+$/.test(literal) &&
        literal.replace('-', '').length > SAFE_DIGITS &&
        !Number.isSafeInteger(Number(literal))
      ) {
        out += `${text.slice(from, start)}"${literal}"`;
        from = i;
      }
      continue;
    }
    i += 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
