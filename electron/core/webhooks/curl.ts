// "Copy as curl": a shell command that sends a stored delivery again, byte for byte, with the
// headers it came with (so a signed one still verifies). POSIX shell quoting throughout.
import type { EventDetail } from '../../../shared/webhooks';

/** Single-quotes a string for sh/bash/zsh: nothing inside single quotes is special except the quote. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

// Set by curl itself from the body and the connection, or meaningless on a new connection.
const SKIPPED = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'expect']);

export function curlFor(detail: EventDetail, url: string): string {
  const args = ['curl', '-sS', '-X', 'POST', shellQuote(url)];
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(detail.headers)) {
    if (SKIPPED.has(name.toLowerCase())) continue;
    if (value === '[redacted]') {
      // Credentials were never stored: the command reads them from the environment instead.
      const variable = `WEBHOOK_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
      secrets.push(variable);
      args.push('-H', `"${name}: \${${variable}}"`);
      continue;
    }
    // `Name;` is curl's way of sending a header with an empty value (`Name:` would remove it).
    args.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  }
  let note = detail.truncated
    ? `# the body was cut to its first ${Buffer.byteLength(detail.rawBody)} bytes when it was refused (413)\n`
    : '';
  if (secrets.length > 0)
    note += `# set ${secrets.join(', ')} to the header value(s) configured for this listener; they are not stored\n`;
  // A shell argument cannot hold a NUL byte, and invalid UTF-8 is only exact in base64: pipe those in.
  const bytesB64 =
    detail.rawBodyBase64 ??
    (detail.rawBody.includes('\u0000') ? Buffer.from(detail.rawBody, 'utf8').toString('base64') : null);
  if (bytesB64 !== null)
    return `${note}printf '%s' ${shellQuote(bytesB64)} | base64 -d | ${args.join(' ')} --data-binary @-`;
  // --data-raw, not --data-binary: a body starting with @ must not be read as a file name.
  return `${note}${args.join(' ')} --data-raw ${shellQuote(detail.rawBody)}`;
}
