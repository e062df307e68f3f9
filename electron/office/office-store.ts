// The back office's Postgres: embedded PGlite in head office's folder by default (one computer, no
// server to run), or a real server through a postgres:// URL. The read models speak plain SQL
// through this one small interface, so either runs them the same.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface OfficeStore extends Sql {
  exec(text: string): Promise<void>;
  /** All or nothing: a batch of messages and its checkpoint land together. */
  transaction<T>(run: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export async function openStore(where: { dir: string } | { url: string }): Promise<OfficeStore> {
  return 'url' in where ? openPostgres(where.url) : openPglite(where.dir);
}

async function openPglite(dir: string): Promise<OfficeStore> {
  const db = new PGlite(dir);
  await db.waitReady;
  return {
    kind: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    exec: async (text) => void (await db.exec(text)),
    transaction: (run) =>
      db.transaction((tx) =>
        run({ query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows }),
      ),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<OfficeStore> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const query = async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[];
  await query('select 1');
  return {
    kind: 'postgres',
    query,
    exec: async (text) => void (await pool.query(text)),
    transaction: async (run) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await run({
          query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
