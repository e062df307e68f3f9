// Runs the read models: per model and subject filter, an ordered consumer on the GROUP stream from
// the position after its checkpoint, its messages applied in batches, each batch in one transaction
// with the new checkpoint. Ordered consumers keep no state on the server (the office's credential
// reads only), and recreate themselves where they left off when a server goes away. A model
// without a checkpoint (new, or emptied for a rebuild) replays the stream from its start.
import type { NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { GROUP_STREAM } from '../../shared/group';
import type { OfficeStore, Sql } from './office-store';
import type { Delivered, ReadModel } from './models';
import { VENUE_DAYS_LOCK } from './models/read-model';

const BATCH_MAX = 500;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const OFFICE_SCHEMA = `
  create table if not exists office_applied (
    model text not null, venue_id text not null, msg_id text not null, primary key (model, venue_id, msg_id));
  create table if not exists office_checkpoint (consumer text primary key, seq bigint not null);
  create table if not exists office_model (model text primary key, version int not null);`;

export interface RunnerStats {
  applied: number;
  repeats: number;
  /** Hub-heard to office-applied, in ms, for each applied message (the bench reads and empties it). */
  lags: number[];
  lastLagMs: number | null;
}

/** How long a cluster that lost a node may take to answer JetStream calls again (a new leader). */
const SETTLE_MS = 30_000;

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export function parseDelivered(m: JsMsg): Delivered | null {
  const parts = m.subject.split('.');
  if (parts.length < 3 || parts[0] !== 'venue') return null;
  const msgId = m.headers?.get('Nats-Msg-Id');
  if (!msgId) return null;
  const heard = Number(m.headers?.get('Hub-At'));
  return {
    venueId: parts[1],
    kind: parts.slice(2).join('.'),
    msgId,
    seq: m.seq,
    payload: m.json(),
    heardAt: Number.isFinite(heard) && heard > 0 ? heard : null,
  };
}

export class ModelRunner {
  readonly stats: RunnerStats = { applied: 0, repeats: 0, lags: [], lastLagMs: null };
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private stopped = false;
  private changedListeners: (() => void)[] = [];

  constructor(
    private readonly store: OfficeStore,
    private readonly models: ReadModel[],
    private readonly log: (line: string) => void = () => {},
  ) {}

  onChanged(listener: () => void): void {
    this.changedListeners.push(listener);
  }

  async prepare(): Promise<void> {
    await this.store.exec(OFFICE_SCHEMA);
    for (const model of this.models) {
      await ModelRunner.upgrade(this.store, model, this.log);
      await this.store.exec(model.schema);
      await model.load?.(this.store);
    }
  }

  async start(nc: NatsConnection): Promise<void> {
    const js = jetstream(nc);
    for (const model of this.models) {
      for (const filter of model.filters) {
        const key = `${model.name}:${filter}`;
        // The first consumer is made here, so a start that cannot reach the stream fails as before.
        const first = await this.follow(js, key, filter);
        this.loops.push(this.keepFollowing(js, model, key, filter, first));
      }
    }
  }

  /** An ordered consumer of `filter` from the position after the model's checkpoint. */
  private async follow(js: ReturnType<typeof jetstream>, key: string, filter: string): Promise<ConsumerMessages> {
    const [row] = await this.store.query<{ seq: string }>('select seq from office_checkpoint where consumer = $1', [
      key,
    ]);
    const after = Number(row?.seq ?? 0);
    const consumer = await retrying(() =>
      js.consumers.get(GROUP_STREAM, {
        filter_subjects: filter,
        ...(after > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 } : {}),
      }),
    );
    // Pulls that expire in 10 s put the client's idle heartbeat at 5 s: a consumer whose server
    // died is noticed and recreated within about 10 s instead of the default 30.
    const messages = await consumer.consume({ max_messages: BATCH_MAX, expires: 10_000 });
    this.running.push(messages);
    return messages;
  }

  /**
   * Drains the consumer; if its messages end while the office runs (a cluster that lost the
   * consumer's server can end the iterator), follows again from the checkpoint, so a model never
   * stops behind the stream for the rest of the run.
   */
  private async keepFollowing(
    js: ReturnType<typeof jetstream>,
    model: ReadModel,
    key: string,
    filter: string,
    first: ConsumerMessages,
  ): Promise<void> {
    let messages: ConsumerMessages | null = first;
    while (!this.stopped) {
      if (messages) {
        const failed = await this.drain(model, key, messages);
        if (failed) return;
      }
      if (this.stopped) return;
      await new Promise((r) => setTimeout(r, 250));
      this.log(`office: ${model.name} follows the stream again from its checkpoint`);
      messages = await this.follow(js, key, filter).catch((error: unknown) => {
        this.log(`office: ${model.name} could not follow the stream yet: ${errorText(error)}`);
        return null;
      });
      // stop() came while the consumer was being made: it stopped the others, not this one.
      if (this.stopped) messages?.stop();
    }
  }

  /** Applies whatever has arrived since the last batch (up to BATCH_MAX) in one transaction. */
  /** Resolves true when a batch could not be applied (the model stops), false when the messages ended. */
  private async drain(model: ReadModel, key: string, messages: ConsumerMessages): Promise<boolean> {
    const pending: JsMsg[] = [];
    const waiter: { wake: (() => void) | null } = { wake: null };
    let ended = false;
    const pump = (async () => {
      for await (const m of messages) {
        pending.push(m);
        waiter.wake?.();
      }
      ended = true;
      waiter.wake?.();
    })();
    while (!this.stopped) {
      if (pending.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => (waiter.wake = resolve));
        waiter.wake = null;
        continue;
      }
      const batch = pending.splice(0, BATCH_MAX);
      try {
        await this.applyBatch(model, key, batch);
      } catch (error) {
        // The checkpoint did not move: the office's next start applies this batch again.
        this.log(`office: ${model.name} stopped on a batch it could not apply: ${errorText(error)}`);
        messages.stop();
        await pump;
        return true;
      }
    }
    await pump;
    return false;
  }

  private async applyBatch(model: ReadModel, key: string, batch: JsMsg[]): Promise<void> {
    const now = Date.now();
    let applied = 0;
    await this.store.transaction(async (tx) => {
      if (model.dated) await tx.query('select pg_advisory_xact_lock_shared($1)', [VENUE_DAYS_LOCK]);
      for (const m of batch) {
        const d = parseDelivered(m);
        if (!d) continue;
        const fresh = await tx.query(
          'insert into office_applied values ($1, $2, $3) on conflict do nothing returning msg_id',
          [model.name, d.venueId, d.msgId],
        );
        if (fresh.length === 0) {
          this.stats.repeats += 1;
          continue;
        }
        await model.apply(tx, d);
        applied += 1;
        if (d.heardAt !== null) {
          const lag = now - d.heardAt;
          this.stats.lastLagMs = lag;
          if (this.stats.lags.length < 1_000_000) this.stats.lags.push(lag);
        }
      }
      await model.afterBatch?.(tx);
      await tx.query(
        `insert into office_checkpoint values ($1, $2) on conflict (consumer) do update set seq = excluded.seq`,
        [key, batch[batch.length - 1].seq],
      );
    });
    this.stats.applied += applied;
    if (applied > 0) for (const l of this.changedListeners) l();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const m of this.running) m.stop();
    await Promise.allSettled(this.loops);
  }

  /**
   * A model stored under an older version (no row: version 1, the first) is taken through its
   * migrations step by step, its rows and checkpoints kept: the stream holds 90 days, so a replay
   * would lose what is older. One with a step missing is dropped, tables and all, so its new schema
   * is made and the stream replayed into it from the start. One stored by a newer release is left
   * exactly as it is: the office does not start on it (that release may hold rows the stream no
   * longer does), and says so.
   */
  static async upgrade(store: OfficeStore, model: ReadModel, log: (line: string) => void = () => {}): Promise<void> {
    const wanted = model.version ?? 1;
    const [row] = await store.query<{ version: number }>('select version from office_model where model = $1', [
      model.name,
    ]);
    const stored = row ? Number(row.version) : 1;
    if (stored > wanted)
      throw new Error(
        `office: ${model.name} was stored by a newer release (version ${stored}; this release knows ${wanted}). ` +
          'Its tables are left as they are: start the office with that release again.',
      );
    const steps: ((tx: Sql) => Promise<void>)[] = [];
    for (let v = stored; v < wanted && model.migrations?.[v] !== undefined; v += 1) steps.push(model.migrations[v]);
    const migrates = stored < wanted && steps.length === wanted - stored;
    // A new office has none of the model's tables: nothing to migrate or drop.
    const existing = await store.query<{ t: string | null }>('select to_regclass(t) as t from unnest($1::text[]) t', [
      model.tables,
    ]);
    const fresh = existing.every((r) => r.t === null);
    let replays = false;
    await store.transaction(async (tx) => {
      if (stored !== wanted && !fresh) {
        if (migrates) {
          for (const step of steps) await step(tx);
          log(`office: ${model.name} changed (version ${stored} to ${wanted}): its tables were migrated`);
        } else {
          replays = true;
          for (const table of model.tables) await tx.query(`drop table if exists ${table}`);
          await tx.query('delete from office_applied where model = $1', [model.name]);
          await tx.query('delete from office_checkpoint where consumer like $1', [`${model.name}:%`]);
          if (row) log(`office: ${model.name} changed (version ${stored} to ${wanted}): replayed from the stream`);
        }
      }
      await tx.query(
        'insert into office_model values ($1, $2) on conflict (model) do update set version = excluded.version',
        [model.name, wanted],
      );
    });
    if (replays) model.reset?.();
  }

  /** Empties a model's tables and checkpoints: the next start replays it from the stream's start. */
  static async clear(store: OfficeStore, model: ReadModel): Promise<void> {
    await store.exec(OFFICE_SCHEMA);
    await store.exec(model.schema);
    await store.transaction(async (tx) => {
      for (const table of model.tables) await tx.query(`delete from ${table}`);
      await tx.query('delete from office_applied where model = $1', [model.name]);
      await tx.query('delete from office_checkpoint where consumer like $1', [`${model.name}:%`]);
    });
    model.reset?.();
  }
}
