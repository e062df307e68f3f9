// The board's tools above the cards: sort, a filter by name, spot or item, and how many open tabs
// are open too long; and, below the cards, the setting that says when a tab is open too long.
import { useId, useState } from 'react';
import { api } from '../../api-context';
import { BOARD_SORTS, type BoardSort } from '../../../../shared/tabs-board-order';
import { useAction } from '../../hooks/use-action';
import { ActionProblem } from '../../components/staff-problem';

export function BoardTools({
  sort,
  onSort,
  filter,
  onFilter,
  shown,
  of,
  tooLongCount,
  tooLongMinutes,
}: {
  sort: BoardSort;
  onSort(sort: BoardSort): void;
  filter: string;
  onFilter(filter: string): void;
  shown: number;
  of: number;
  tooLongCount: number;
  tooLongMinutes: number | null;
}) {
  const sortId = useId();
  return (
    <div className="board-tools" role="group" aria-label="Sort and find tabs">
      {/* Label and select apart (htmlFor): a label around a select would take in its options' words. */}
      <div className="board-sort">
        <label htmlFor={sortId}>Sort</label>
        <select id={sortId} value={sort} onChange={(e) => onSort(e.target.value as BoardSort)}>
          {BOARD_SORTS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <label className="board-filter">
        Find
        <input
          type="search"
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
          placeholder="Name, spot or item"
          autoComplete="off"
        />
      </label>
      {filter.trim() && (
        <span className="hint" role="status">
          {shown} of {of}
        </span>
      )}
      {tooLongCount > 0 && tooLongMinutes !== null && (
        <span className="badge warn" data-testid="open-too-long-count">
          {tooLongCount} open longer than {minutesWords(tooLongMinutes)}
        </span>
      )}
    </div>
  );
}

/** "90 min", "2 h", "2 h 30 min". */
export function minutesWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** When an open tab counts as open too long: the venue's setting, kept by the core. */
export function TooLongSetting({ minutes }: { minutes: number }) {
  const [value, setValue] = useState(String(minutes));
  const save = useAction();
  const parsed = Number(value);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= 1_440;
  return (
    <form
      className="fields inline too-long-setting"
      aria-label="Open too long"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save.run(() => api().tabsSaveSettings({ openTooLongMinutes: parsed }));
      }}
    >
      <label>
        Flag a tab open longer than (minutes)
        <input value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" />
      </label>
      <button type="submit" disabled={!valid || parsed === minutes || save.busy}>
        Save
      </button>
      <ActionProblem action={save} />
    </form>
  );
}
