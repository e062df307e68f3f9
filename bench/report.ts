// Rows of the bench and how they are judged, printed and written. Every row carries the figure,
// the baseline measured in the same run, their ratio, and the target it is held to (on the value
// or on the ratio). A row without a target is information ("info"); a row that could not be
// measured is "error" and keeps NaN, so a broken section is visible rather than silently absent.
import { writeFileSync } from 'node:fs';

export type Comparison = '<' | '<=' | '>' | '>=' | '=';

export interface Target {
  /** What the target is checked against. */
  on: 'value' | 'ratio';
  op: Comparison;
  limit: number;
}

export interface RowInput {
  key: string;
  /** What was measured, for people. */
  label: string;
  value: number;
  unit: string;
  /** The same-run baseline, or null where none applies (counts of things that must be zero). */
  baseline: number | null;
  /** What the baseline is. */
  baselineOf: string;
  target?: Target;
  /** Overrides value/baseline (e.g. the median of paired ratios); null: no meaningful ratio. */
  ratio?: number | null;
  /** Raw per-run figures behind a median, for the JSON file. */
  runs?: number[];
  note?: string;
}

/** The fixed part of a row: what it is, how it is judged. */
export type RowTemplate = Pick<RowInput, 'key' | 'label' | 'unit' | 'baselineOf' | 'target'>;

export interface Row extends Omit<RowInput, 'ratio'> {
  ratio: number | null;
  status: 'met' | 'missed' | 'info' | 'error';
}

export function makeRow(input: RowInput): Row {
  const computed =
    input.baseline === null || input.baseline === 0 || !Number.isFinite(input.baseline)
      ? null
      : input.value / input.baseline;
  const ratio = input.ratio !== undefined ? input.ratio : computed;
  return { ...input, ratio, status: judge(input, ratio) };
}

function judge(input: RowInput, ratio: number | null): Row['status'] {
  if (!Number.isFinite(input.value)) return 'error';
  if (input.target === undefined) return 'info';
  const subject = input.target.on === 'value' ? input.value : ratio;
  if (subject === null || !Number.isFinite(subject)) return 'error';
  const { op, limit } = input.target;
  const ok =
    op === '<'
      ? subject < limit
      : op === '<='
        ? subject <= limit
        : op === '>'
          ? subject > limit
          : op === '>='
            ? subject >= limit
            : subject === limit;
  return ok ? 'met' : 'missed';
}

/** A row for a figure that could not be measured (its section failed). */
export function errorRow(template: RowTemplate, why: string): Row {
  return makeRow({ ...template, value: Number.NaN, baseline: null, note: why });
}

export function targetText(target: Target | undefined, unit: string): string {
  if (target === undefined) return '—';
  const op = target.op === '<=' ? '≤' : target.op === '>=' ? '≥' : target.op;
  return target.on === 'ratio' ? `ratio ${op} ${target.limit}` : `${op} ${target.limit} ${unit}`;
}

export function formatNumber(n: number | null): string {
  if (n === null) return '—';
  if (!Number.isFinite(n)) return 'n/a';
  const abs = Math.abs(n);
  if (abs === 0) return '0';
  if (Number.isInteger(n) && abs < 1e7) return n.toLocaleString('en-US');
  if (abs >= 100) return Math.round(n).toLocaleString('en-US');
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  return n.toFixed(3);
}

export function formatTable(rows: readonly Row[]): string {
  const header = ['row', 'value', 'unit', 'baseline', 'ratio', 'target', 'status'];
  const body = rows.map((r) => [
    r.key,
    formatNumber(r.value),
    r.unit,
    formatNumber(r.baseline),
    r.ratio === null ? '—' : `${formatNumber(r.ratio)}×`,
    targetText(r.target, r.unit),
    r.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const numeric = new Set([1, 3, 4]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** What the baseline of each row is, one line per row, printed under the table. */
export function formatLegend(rows: readonly Row[]): string {
  return rows
    .map((r) => `  ${r.key}: ${r.label}; baseline = ${r.baselineOf}${r.note ? ` (${r.note})` : ''}`)
    .join('\n');
}

/** A row in the JSON file: value null when it could not be measured (JSON has no NaN). */
export interface JsonRow extends Omit<Row, 'key' | 'value' | 'target'> {
  value: number | null;
  target: (Target & { text: string }) | null;
}

export interface BenchReport {
  machine: Record<string, unknown>;
  mode: string;
  startedAt: string;
  finishedAt: string;
  rows: Record<string, JsonRow>;
}

export function writeJson(
  file: string,
  machine: Record<string, unknown>,
  mode: string,
  startedAt: Date,
  rows: readonly Row[],
): void {
  const report: BenchReport = {
    machine,
    mode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    rows: Object.fromEntries(
      rows.map(({ key, ...row }) => [
        key,
        {
          ...row,
          value: Number.isFinite(row.value) ? row.value : null,
          target: row.target === undefined ? null : { ...row.target, text: targetText(row.target, row.unit) },
        },
      ]),
    ),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
