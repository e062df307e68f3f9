// `npm run lint`: fails when a file crosses a process boundary (see boundaries.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkSource, type Violation } from './boundaries';

const root = process.cwd();
const ROOTS = ['electron', 'shared', 'renderer/src'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|cts)$/.test(name)) yield path;
  }
}

const violations: Violation[] = [];
let count = 0;
for (const top of ROOTS) {
  for (const path of sourceFiles(join(root, top))) {
    count += 1;
    violations.push(...checkSource(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8')));
  }
}
for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
if (violations.length > 0) {
  console.error(`lint: ${violations.length} boundary violation(s) in ${count} files`);
  process.exit(1);
}
console.log(`lint: ${count} files respect the process boundaries`);
