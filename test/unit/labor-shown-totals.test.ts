// Issue 11: per-person totals showed "0 min" each while "Everyone" showed "1 min". The total is
// now the sum of what the rows show.
import { describe, expect, it } from 'vitest';
import { formatDuration, sumShown } from '../../shared/labor-calc';

describe('totals as shown', () => {
  it('adds whole shown minutes, so Everyone equals the rows above it', () => {
    const rows = [40_000, 40_000];
    expect(rows.map(formatDuration)).toEqual(['0 min', '0 min']);
    expect(formatDuration(sumShown(rows))).toBe('0 min');
    expect(formatDuration(sumShown([61 * 60_000 + 59_000, 59_000, 30 * 60_000]))).toBe('1 h 31 min');
  });
});
