// Which rule of the contract's schemas an argument broke, as data a screen can word (shared/app-error.ts
// `ArgumentRule`): read from the schema library's issue, whose message is for the log only.
import type { ArgumentRule } from '../../shared/app-error';

/** The parts of a schema issue read here (zod's issues carry these; nothing else is trusted). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

export function argumentRuleOf(issue: SchemaIssue): ArgumentRule {
  const path = issue.path.filter((part): part is string => typeof part === 'string');
  const bound = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : null);
  switch (issue.code) {
    case 'too_small':
      return { path, rule: 'too-small', limit: bound(issue.minimum) };
    case 'too_big':
      return { path, rule: 'too-big', limit: bound(issue.maximum) };
    case 'invalid_type':
      return { path, rule: issue.expected === 'int' ? 'not-whole' : 'wrong-type', limit: null };
    case 'invalid_format':
      return { path, rule: 'format', limit: null };
    default:
      return { path, rule: 'other', limit: null };
  }
}
