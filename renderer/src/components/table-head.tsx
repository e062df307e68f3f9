// A table's header row. The column of a row's buttons has no visible heading, but screen readers
// announce each cell with its column's name, so that column is named for them alone.
export interface Column {
  label: string;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
}

export function TableHead({ columns, actions = false }: { columns: (string | Column)[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.label}
            </th>
          ),
        )}
        {actions && (
          // Its buttons are not printed, so neither is the column (an empty one on paper).
          <th scope="col" className="no-print">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
