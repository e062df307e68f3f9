// Small display helpers shared by the Passes, Gift cards and Tabs screens.

/** "9:42 PM" for today's times, else a short date too: staff read these at a glance. */
export function timeOf(at: number | string | null | undefined): string {
  if (at === null || at === undefined) return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** "12", "12.5", "$12.50" → cents; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
