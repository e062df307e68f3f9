// Strings written once in a table and referred to by number, for the compact binary-ish formats
// (the log's sidecars, the open-tabs checkpoint): a value that repeats on every line costs one
// entry, and reading it back makes one string per distinct value.
export class StringTable {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The value's number in the table (added if new); -1 for null. */
  id(value: string | null): number {
    if (value === null) return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}
