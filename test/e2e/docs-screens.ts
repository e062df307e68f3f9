// Where a spec's screenshot is written. The pictures in docs/screens are committed, so a plain test
// run keeps its shots in the test's own output and leaves those alone; VENUE_DOCS_SCREENS=1 writes
// them into docs/screens, for a change whose look is meant to be reviewed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

const docsScreens = join(import.meta.dirname, '../../docs/screens');

export function updatingDocsScreens(): boolean {
  return process.env.VENUE_DOCS_SCREENS === '1';
}

/** The file a screenshot named `name` goes to (call it inside a test). */
export function screenPath(name: string): string {
  if (!updatingDocsScreens()) return test.info().outputPath(name);
  mkdirSync(docsScreens, { recursive: true });
  return join(docsScreens, name);
}
