// Whether an address is this computer itself. Used for what may travel unencrypted (a service
// base URL) and for what needs a webhook secret (a listener other computers can reach).

/** localhost, 127.0.0.0/8 and ::1 (with or without brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Why a webhook secret is required, in plain words, or null when the listener is local only. */
export function webhookSecretRequiredBecause(host: string, tunnel: boolean): string | null {
  if (tunnel) return 'the tunnel makes the listener reachable from the internet';
  if (!isLoopbackHost(host)) return 'other computers can reach the listener at that address';
  return null;
}
