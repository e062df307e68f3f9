// The data-health notices: every loader that finds a file it cannot read keeps the bytes aside
// (damaged-copy.ts) and reports it here through a DamageSink. The notices are logged, pushed to
// the renderer (managers see them) and kept in data-health.json until a manager dismisses them,
// so a file moved aside at 3 a.m. is still reported when the manager comes in.
import { relative, sep } from 'node:path';
import { z } from 'zod';
import type { DataHealthNotice, DataHealthSeverity, DataHealthView } from '../../../shared/data-health';
import { TypedEmitter } from '../typed-emitter';
import { loadJsonFile, saveJsonFile } from './json-file';

export interface DamageReport {
  /** Distinguishes several problems of one file; the notice id is the file plus this. */
  key?: string;
  severity: DataHealthSeverity;
  /** The damaged file (absolute). */
  path: string;
  /** Where its bytes were kept (absolute), or null when nothing was left to keep. */
  keptAs: string | null;
  count: number | null;
  sentence: string;
  detail: string;
}

/** How storage code reports damage; it never throws back at the loader. */
export type DamageSink = (report: DamageReport) => void;

const FILE = 'data-health.json';
const MAX_NOTICES = 50;

const noticeSchema = z.object({
  id: z.string(),
  severity: z.enum(['info', 'warning', 'error']),
  file: z.string(),
  keptAs: z.string().nullable(),
  count: z.number().int().min(0).nullable(),
  sentence: z.string(),
  detail: z.string(),
  at: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), notices: z.array(noticeSchema) });

export interface DataHealthEvents {
  dataHealth: DataHealthView;
}

export class DataHealth {
  readonly events = new TypedEmitter<DataHealthEvents>();
  private notices: DataHealthNotice[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
    private readonly log: (line: string) => void = () => {},
  ) {
    const loaded = loadJsonFile(dataDir, FILE, fileSchema, () => ({ version: 1 as const, notices: [] }), {
      now,
      label: 'The list of data problems',
      damage: (report) => this.report(report),
    });
    this.notices = [...loaded.value.notices, ...this.notices];
  }

  /** The sink loaders are given. */
  readonly sink: DamageSink = (report) => this.report(report);

  report(report: DamageReport): void {
    const file = this.relative(report.path);
    const notice: DataHealthNotice = {
      id: report.key ? `${file}#${report.key}` : file,
      severity: report.severity,
      file,
      keptAs: report.keptAs === null ? null : this.relative(report.keptAs),
      count: report.count,
      sentence: report.sentence,
      detail: report.detail,
      at: this.now(),
    };
    this.log(`data health (${notice.severity}): ${notice.sentence} [${notice.detail}]`);
    this.notices = [...this.notices.filter((n) => n.id !== notice.id), notice].slice(-MAX_NOTICES);
    this.save();
    this.events.emit('dataHealth', this.view());
  }

  /** Problems the app has been reporting since: the same notice again is not news. */
  has(id: string): boolean {
    return this.notices.some((n) => n.id === id);
  }

  view(): DataHealthView {
    return { notices: [...this.notices].sort((a, b) => rank(b.severity) - rank(a.severity) || b.at - a.at) };
  }

  dismiss(ids: string[]): DataHealthView {
    const drop = new Set(ids);
    // An error stays until the file is repaired: it is found again at the next start anyway.
    this.notices = this.notices.filter((n) => !drop.has(n.id) || n.severity === 'error');
    this.save();
    const view = this.view();
    this.events.emit('dataHealth', view);
    return view;
  }

  private relative(path: string): string {
    const rel = relative(this.dataDir, path);
    return rel.startsWith('..') ? path : rel.split(sep).join('/');
  }

  private save(): void {
    try {
      saveJsonFile(this.dataDir, FILE, { version: 1, notices: this.notices });
    } catch (error) {
      this.log(`data health: could not save ${FILE}: ${String(error)}`);
    }
  }
}

function rank(severity: DataHealthSeverity): number {
  return severity === 'error' ? 2 : severity === 'warning' ? 1 : 0;
}
