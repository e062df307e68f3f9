// Electron main: thin. It creates the plain-Node core, one locked-down window, and the IPC bridge.
// Everything the app does lives in the core, which the headless host runs the same way.
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Store from 'electron-store';
import type { AppCore } from '../core/app-core';
import { createApp } from '../host/create-app';
import { forwardEvents, registerIpcHandlers } from './ipc/register-handlers';
import { lockDownKiosk } from './kiosk-lockdown';
import { SafeStorageSecretStore } from './safe-storage-secrets';
import { CONTENT_SECURITY_POLICY } from '../host/static-files';
import { DEFAULT_REDIRECT_PORT } from '../core/connection/connection-settings';

interface WindowState {
  bounds?: { x: number; y: number; width: number; height: number };
  kiosk?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
const windowState = new Store<WindowState>({ name: 'window-state' });
let core: AppCore | null = null;

function rendererUrl(): string {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  return devUrl ? devUrl : pathToFileURL(join(here, '../renderer/index.html')).toString();
}

/** Kiosk mode: `--kiosk` on the command line, or `kiosk: true` in window-state.json. */
function kioskMode(): boolean {
  return windowState.get('kiosk') === true || process.argv.includes('--kiosk');
}

function createWindow(activeCore: AppCore): BrowserWindow {
  const kiosk = kioskMode();
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    ...windowState.get('bounds'),
    kiosk,
    fullscreen: kiosk,
    show: false,
    title: 'Venue Companion',
    icon: join(here, '../../resources/icon.png'),
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (kiosk) lockDownKiosk(win);
  win.on('close', () => windowState.set('bounds', win.getBounds()));

  // Navigation and new windows are denied; links to the web open in the system browser.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());

  const stopForwarding = forwardEvents(activeCore.events, win.webContents);
  win.on('closed', stopForwarding);
  void win.loadURL(rendererUrl());
  return win;
}

app.whenReady().then(async () => {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));

  const dataDir = app.getPath('userData');
  core = await createApp({
    dataDir,
    secrets: new SafeStorageSecretStore(dataDir),
    runtime: 'electron',
    defaultRedirectPort: DEFAULT_REDIRECT_PORT,
    kiosk: kioskMode(),
    openExternal: async (url) => {
      await shell.openExternal(url);
      return true;
    },
  });
  registerIpcHandlers(core.handlers, rendererUrl);
  await core.start();
  createWindow(core);

  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) createWindow(core);
  });
}).catch((error: unknown) => {
  // Without this the app would sit in the dock with no window and no word of why.
  dialog.showErrorBox('Venue Companion could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Quitting waits for the core to stop: the listener finishes the deliveries it is answering and
// the logs are closed, instead of the process dying under them.
app.on('before-quit', (event) => {
  const running = core;
  if (!running) return;
  core = null;
  event.preventDefault();
  void running
    .stop()
    .catch(() => {})
    .finally(() => app.quit());
});
