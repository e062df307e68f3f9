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
   * Its tables' shape and meaning (default 1). An office whose stored model has another version
   * drops the model's tables and replays the stream into the new ones at its next start.
   */
  version?: number;
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

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
