// A short smoke run of the bench harness (`npm run bench`), not a timed test: the two sections that
// need no browser and no build run with tiny counts, and every row they own must come out in the
// JSON file with a number, a unit, a baseline and its target. Nothing here asserts a speed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROWS } from '../../bench/api-client';
import { INGEST_ROWS } from '../../bench/ingest';
import type { BenchReport, RowTemplate } from '../../bench/report';
import { tempDirs } from '../support';

const root = resolve(import.meta.dirname, '../..');
const dirs = tempDirs('venue-bench-smoke-');
const dir = dirs.make();
afterAll(() => dirs.removeAll());

function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => done({ code, output }));
  });
}

// The test waits for the bench to exit, however long a loaded machine makes that; this bound only
// catches a bench that never ends.
const HUNG = 15 * 60_000;

describe('bench harness', () => {
  it('writes every row of the ingest and API sections with numeric figures', { timeout: HUNG }, async () => {
    const file = join(dir, 'bench.json');
    const { code, output } = await runBench(['--smoke', '--only', 'ingest,api', '--json', file]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/machine: \d+ cores/);
    const report = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
    expect(report.machine.cores).toBeGreaterThan(0);
    const templates: RowTemplate[] = [...Object.values(INGEST_ROWS), ...Object.values(API_ROWS)];
    expect(Object.keys(report.rows).sort()).toEqual(templates.map((t) => t.key).sort());
    for (const template of templates) {
      const row = report.rows[template.key];
      expect(Number.isFinite(row.value), `${template.key} value ${row.value}`).toBe(true);
      expect(row.unit).toBe(template.unit);
      expect(row.baseline === null || Number.isFinite(row.baseline), `${template.key} baseline`).toBe(true);
      expect(['met', 'missed', 'info']).toContain(row.status);
      if (template.target) expect(row.target).toMatchObject(template.target);
      else expect(row.target).toBeNull();
    }
  });
});
