import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// main and preload run in Node/Electron; renderer is a plain web bundle that the Electron window
// and the headless host both serve, so it must not depend on Node or Electron APIs.
const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // The headless host (`npm run host`) runs as built JavaScript, without a TypeScript loader.
          host: resolve(root, 'electron/host/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react()],
    build: {
      // Served to a browser by the headless host too: ship it minified.
      minify: true,
      outDir: resolve(root, 'out/renderer'),
      // The back office's page too (`npm run office` serves it): the same React stack, its own entry.
      rollupOptions: {
        input: { index: resolve(root, 'renderer/index.html'), office: resolve(root, 'renderer/office.html') },
      },
    },
  },
});
