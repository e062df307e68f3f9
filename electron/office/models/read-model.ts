// A read model: tables in the office's Postgres, filled from the GROUP stream by its own consumers
// (one per subject filter: nats-server 2.9 takes one filter a consumer). Each message is applied at
// most once per model, by its message id (office_applied), so a repeat from a source restart, a
// consumer recreated after a server died, or a replay over rows already there changes nothing.
import type { Sql } from '../office-store';

export interface Delivered {
  venueId: string;
  /** The subject after `venue.<id>.`: `labor.punch`, `events.ORDER_PLACED`… */
  kind: string;
  msgId: string;
  /** Position in the GROUP stream. */
  seq: number;
  payload: unknown;
  /** When the hub heard it (its Hub-At header), for the office's lag. */
  heardAt: number | null;
}

export interface ReadModel {
  name: string;
  /**
   * Its tables' shape and meaning (default 1). An office whose stored model has an older version
   * takes its tables through `migrations`, one step per version, keeping every row; where a step
   * is missing (or the stored version is newer), it drops the model's tables and replays the
   * stream into the new ones at its next start, which loses what the stream no longer holds.
   */
  version?: number;
  /**
   * Steps by the version they start from: `{ 1: step }` takes version 1's tables to version 2.
   * A step runs before `schema`, in the upgrade's transaction.
   */
  migrations?: Record<number, (tx: Sql) => Promise<void>>;
  /**
   * Its columns that hold a venue's business day, and the column of the moment each is of (unix
   * ms): written with `businessDaySql` and dated again when the venue's zone or day start changes.
   */
  dated?: DatedColumn[];
  filters: string[];
  /** CREATE TABLE IF NOT EXISTS … for its tables. */
  schema: string;
  tables: string[];
  apply(tx: Sql, m: Delivered): Promise<void>;
  /** After each batch, inside its transaction (models that keep state in memory write it here). */
  afterBatch?(tx: Sql): Promise<void>;
  /** At start, from its own tables (models that keep state in memory). */
  load?(db: Sql): Promise<void>;
  /** Emptied for a rebuild (its tables are emptied by the caller). */
  reset?(): void;
}

export interface DatedColumn {
  table: string;
  day: string;
  at: string;
}

/**
 * SQL for the business day (YYYY-MM-DD) of the moment `at` (a SQL expression in unix ms) at the
 * venue `venue` (a SQL expression for its id): as the venue counts it (shared/labor-calc.ts
 * fiscalDayOf), the local date in the zone it reported once its day-start hours are taken off;
 * the UTC date until it has reported one (office_venue_days, the venues model's). Columns in
 * `at` and `venue` are named with their table: bare, a name office_venue_days has too would be
 * read from it.
 */
export const businessDaySql = (at: string, venue: string): string =>
  `coalesce((select to_char(to_timestamp((${at} - z.start_hour * 3600000) / 1000.0) at time zone z.timezone, 'YYYY-MM-DD')
     from office_venue_days z where z.venue_id = ${venue}),
   to_char(to_timestamp(${at} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD'))`;

/**
 * A batch that writes business days holds this lock shared, and a change of a venue's zone holds
 * it alone while it dates that venue's rows again, so a row written beside the change (a server's
 * Postgres runs batches side by side) is never left dated by the zone before it.
 */
export const VENUE_DAYS_LOCK = 7_214_001;
