// What every payroll template writes the same way: hours with two decimals, dollars with two,
// names split in two, rows joined with CRLF (what spreadsheet-born imports expect).
import { csvField } from '../labor-csv';
import type { PayLine } from '../labor-pay';

export const hours = (minutes: number): string => (Math.max(0, minutes) / 60).toFixed(2);
export const dollars = (cents: number): string => (cents / 100).toFixed(2);

/** "Sam Rivera" → ["Sam", "Rivera"]; "Cher" → ["Cher", ""]: the last word is the last name. */
export function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return [words[0] ?? '', ''];
  return [words.slice(0, -1).join(' '), words[words.length - 1]];
}

export function csv(rows: (string | number | null)[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** People with more than one line (more than one role): the templates name the job on each. */
export function multiRole(lines: PayLine[]): Set<string> {
  const count = new Map<string, number>();
  for (const l of lines) count.set(l.userId, (count.get(l.userId) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n > 1).map(([id]) => id));
}

/** Lines with nothing to pay (no hours, no tips, no salary) are left out of every file. */
export function hasPay(l: PayLine): boolean {
  return (
    l.regularMinutes + l.overtimeMinutes + l.doubleMinutes > 0 ||
    l.cashTipsCents !== 0 ||
    l.paycheckTipsCents !== 0 ||
    (l.wage?.kind === 'salaried' && (l.grossCents ?? 0) > 0)
  );
}

/** The role as a job title: the service's name with a capital first letter (as every screen writes it). */
export function jobTitle(role: string | null): string {
  if (!role) return '';
  return role.charAt(0).toUpperCase() + role.slice(1);
}
