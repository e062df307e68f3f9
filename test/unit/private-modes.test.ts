// Data folders 0700 and files 0600 where the platform has modes: checked at every start, made
// private where they were not, and said plainly as a data-health notice.
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-modes-');
afterEach(() => dirs.removeAll());

const mode = (path: string) => statSync(path).mode & 0o777;

describe('private data folder', () => {
  it.runIf(process.platform !== 'win32')(
    'finds folders and files others could read, makes them private and says so',
    async () => {
      const dataDir = dirs.make();
      chmodSync(dataDir, 0o755);
      mkdirSync(join(dataDir, 'practice-venue'), { mode: 0o755 });
      chmodSync(join(dataDir, 'practice-venue'), 0o755);
      writeFileSync(join(dataDir, 'practice-venue', 'venue.v8'), 'x', { mode: 0o644 });
      chmodSync(join(dataDir, 'practice-venue', 'venue.v8'), 0o644);
      writeFileSync(join(dataDir, 'labor-audit.log'), '', { mode: 0o640 });
      chmodSync(join(dataDir, 'labor-audit.log'), 0o640);
      const app = await createApp({
        dataDir,
        runtime: 'headless',
        secrets: new MemorySecretStore(),
        serviceUrl: 'http://127.0.0.1:9',
        accessId: 'a',
        accessSecret: 'b',
      });
      try {
        await app.start();
        const notice = (await app.handlers.getSnapshot()).dataHealth?.notices.find((n) =>
          n.id.endsWith('#permissions'),
        );
        expect(notice).toMatchObject({ severity: 'warning', count: 4 });
        expect(notice!.sentence).toMatch(/could be read by other users of it; they were made private/);
        expect(mode(dataDir)).toBe(0o700);
        expect(mode(join(dataDir, 'practice-venue'))).toBe(0o700);
        expect(mode(join(dataDir, 'practice-venue', 'venue.v8'))).toBe(0o600);
        expect(mode(join(dataDir, 'labor-audit.log'))).toBe(0o600);
        // What the app writes itself is private from the start.
        expect(mode(join(dataDir, 'data-health.json'))).toBe(0o600);
        expect(mode(join(dataDir, 'webhooks'))).toBe(0o700);
      } finally {
        await app.stop();
      }
    },
  );
});
