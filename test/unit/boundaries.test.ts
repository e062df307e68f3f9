// The rules of the process-boundary lint, one by one. Whether the project as it is passes them is
// `npm run lint:boundaries`, a step of `npm test` and `npm run lint`.
import { describe, expect, it } from 'vitest';
import { checkSource } from '../../scripts/boundaries';

describe('process boundary lint', () => {
  it('rejects electron imports in the core, sandbox, host, shared and renderer', () => {
    for (const file of [
      'electron/core/a.ts',
      'electron/sandbox/a.ts',
      'electron/host/a.ts',
      'shared/a.ts',
      'renderer/src/a.tsx',
    ]) {
      expect(checkSource(file, "import { app } from 'electron';")).toHaveLength(1);
      expect(checkSource(file, "const e = require('electron');")).toHaveLength(1);
      expect(checkSource(file, "const e = await import('electron/main');")).toHaveLength(1);
    }
  });

  it('allows electron in main and preload, and ignores the word in comments and strings', () => {
    expect(checkSource('electron/main/index.ts', "import { app } from 'electron';")).toEqual([]);
    expect(checkSource('electron/core/a.ts', "// import from 'electron'\nconst s = 'ipcMain';")).toEqual([]);
  });

  it('rejects raw IPC outside main/ipc and the preload', () => {
    expect(checkSource('electron/main/index.ts', "import { ipcMain } from 'electron';")).toHaveLength(1);
    expect(checkSource('electron/main/window.ts', 'x.ipcRenderer.send()')).toHaveLength(1);
    expect(checkSource('electron/main/ipc/register-handlers.ts', "import { ipcMain } from 'electron';")).toEqual([]);
    expect(checkSource('electron/preload/index.ts', "import { ipcRenderer } from 'electron';")).toEqual([]);
  });

  it('rejects the sandbox in the core, types included, and allows it in the host', () => {
    expect(checkSource('electron/core/connection/a.ts', "import { startSandbox } from '../../sandbox';")).toHaveLength(
      1,
    );
    expect(checkSource('electron/core/a.ts', "import type { RunningSandbox } from '../sandbox/index';")).toHaveLength(
      1,
    );
    expect(checkSource('electron/core/a.ts', "export { x } from './../sandbox/world';")).toHaveLength(1);
    expect(checkSource('electron/core/a.ts', "import { x } from './sandbox-link';")).toEqual([]);
    expect(checkSource('electron/host/a.ts', "import { startSandbox } from '../sandbox';")).toEqual([]);
  });

  it('rejects Node built-ins in the renderer', () => {
    expect(checkSource('renderer/src/x.ts', "import { readFile } from 'node:fs';")).toHaveLength(1);
  });

  it('keeps zod schemas and Node-only packages out of the renderer bundle', () => {
    expect(checkSource('renderer/src/x.ts', "import { z } from 'zod';")).toHaveLength(1);
    expect(checkSource('renderer/src/x.ts', "import WebSocket from 'ws';")).toHaveLength(1);
    expect(
      checkSource(
        'renderer/src/features/a/x.ts',
        "import { laborArgSchemas } from '../../../../shared/contract/labor-args';",
      ),
    ).toHaveLength(1);
    expect(
      checkSource('renderer/src/x.ts', "import { ipcArgSchemas } from '../../shared/contract/arg-schemas';"),
    ).toHaveLength(1);
    expect(
      checkSource('renderer/src/x.ts', "import { locationsResponseSchema } from '../../shared/schemas/service';"),
    ).toHaveLength(1);
    // The contract's types and plain shared modules are what the renderer is for.
    expect(checkSource('renderer/src/x.ts', "import type { VenueApi } from '../../shared/contract';")).toEqual([]);
    expect(checkSource('renderer/src/x.ts', "import { formatMoney } from '../../shared/money';")).toEqual([]);
    expect(checkSource('electron/core/x.ts', "import { z } from 'zod';")).toEqual([]);
  });
});
