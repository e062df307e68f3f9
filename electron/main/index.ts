// Electron main: thin. It creates the plain-Node core, one locked-down window, and the IPC bridge.
// Everything the app does lives in the core, which the headless host runs the same way.
import { app, BrowserWindow, dialog, screen, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Store from 'electron-store';
import type { AppCore } from '../core/app-core';
import { createApp } from '../host/create-app';
import { heapTrimLine, startHeapTrim } from '../core/heap-trim';
import { forwardEvents, registerIpcHandlers } from './ipc/register-handlers';
import { lockDownKiosk } from './kiosk-lockdown';
import { SafeStorageSecretStore } from './safe-storage-secrets';
import { CONTENT_SECURITY_POLICY } from '../host/static-files';
import { DEFAULT_REDIRECT_PORT } from '../core/connection/connection-settings';
import { allowsPermission, boundsToSave, hostsOf, isAllowedExternal, restorableBounds } from './shell-rules';
import { fileLogSink } from './log-sink';
import { DataHealth } from '../core/storage/data-health';
import { errorMessage } from '../../shared/errors';
import { loadDeviceSetup } from '../core/setup/device-setup';
import { startSatelliteOrSetup, type SatelliteRun } from '../host/satellite-setup';
import { LAN_REDISCOVERY } from '../host/refind-hub';
import { makeWritesPrivate } from '../core/storage/private-modes';
import { finishRestore } from '../core/backup/restore-switch';

interface WindowState {
  bounds?: { x: number; y: number; width: number; height: number };
  kiosk?: boolean;
}

// First: every file and folder this process makes (the data folder included, before the core's
// start check reads its modes) is this user's only, or a fresh install reports its own new folder.
makeWritesPrivate();

const here = dirname(fileURLToPath(import.meta.url));
const windowState = new Store<WindowState>({ name: 'window-state' });
let core: AppCore | null = null;
/** A device that joins the venue hub runs no core: its screen speaks to the hub. */
let satellite: SatelliteRun | null = null;
let quitting = false;

function rendererUrl(): string {
  // A packaged app never takes its page from the environment: anyone who can set a variable for
  // the user would otherwise load their own page with the preload's full bridge.
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  return devUrl ? devUrl : pathToFileURL(join(here, '../renderer/index.html')).toString();
}

/** Hosts the system browser may be sent to: the connected service (and so its dashboard). */
function knownHosts(activeCore: AppCore): string[] {
  return hostsOf([activeCore.connection.status().settings.baseUrl]);
}

/** Kiosk mode: `--kiosk` on the command line, or `kiosk: true` in window-state.json. */
function kioskMode(): boolean {
  return windowState.get('kiosk') === true || process.argv.includes('--kiosk');
}

/** What the window needs from whatever runs behind it: the core, or a satellite of the hub. */
interface WindowSource {
  events: AppCore['events'];
  knownHosts(): string[];
  managerPresent(): boolean;
}

function coreSource(activeCore: AppCore): WindowSource {
  return {
    events: activeCore.events,
    knownHosts: () => knownHosts(activeCore),
    managerPresent: () => activeCore.labor.sessions.anyManagerSession(),
  };
}

function createWindow(source: WindowSource, kiosk = kioskMode()): BrowserWindow {
  const displays = screen.getAllDisplays().map((d) => d.workArea);
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    ...(kiosk ? {} : restorableBounds(windowState.get('bounds'), displays)),
    kiosk,
    fullscreen: kiosk,
    show: false,
    title: 'Venue Companion',
    icon: join(here, '../../resources/icon.png'),
    webPreferences: {
      // Reviewed: the preload exposes only the typed contract through contextBridge. eng-disable PRELOAD_JS_CHECK
      preload: join(here, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      webviewTag: false,
      // Middle-click must not open links around the window-open handler.
      disableBlinkFeatures: 'Auxclick',
      // A guest at the kiosk must not reach the developer tools (and through them the bridge).
      devTools: !kiosk,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (kiosk) lockDownKiosk(win);
  win.on('close', (event) => {
    // Closing the kiosk needs a manager: a guest cannot end the time clock with a window button.
    if (kiosk && !quitting && !source.managerPresent()) {
      event.preventDefault();
      return;
    }
    // Kiosk, full-screen and maximised sizes are not the normal window's size.
    const bounds = boundsToSave(
      {
        kiosk: win.isKiosk(),
        fullscreen: win.isFullScreen(),
        maximized: win.isMaximized(),
        minimized: win.isMinimized(),
      },
      win.getBounds(),
    );
    if (bounds !== null) windowState.set('bounds', bounds);
  });

  // Navigation and new windows are denied; https links to hosts the app knows open in the system browser.
  win.webContents.setWindowOpenHandler(({ url }) => {
    // Checked just before: https and a host the app knows.
    if (isAllowedExternal(url, source.knownHosts())) void shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.on('will-redirect', (event) => event.preventDefault());

  const stopForwarding = forwardEvents(source.events, win.webContents);
  win.on('closed', stopForwarding);
  void win.loadURL(rendererUrl());
  return win;
}

// One instance: two would fight over the data folder's locks, the webhook port and the outbox.
if (!app.requestSingleInstanceLock()) app.quit();
app.on('second-instance', () => {
  const [win] = BrowserWindow.getAllWindows();
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});

// Every web contents, including any created later: no webviews, no navigation or redirects away.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app
  .whenReady()
  .then(async () => {
    // Only the camera, for the app's own page (the pairing QR code); every other permission is refused.
    session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
      allowsPermission(
        {
          permission,
          requestingUrl: details.requestingUrl ?? requestingOrigin,
          isMainFrame: details.isMainFrame,
          mediaTypes: details.mediaType ? [details.mediaType] : [],
        },
        rendererUrl(),
      ),
    );
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
      });
    });
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
      callback(
        allowsPermission(
          {
            permission,
            requestingUrl: details.requestingUrl,
            isMainFrame: details.isMainFrame,
            mediaTypes: 'mediaTypes' in details ? (details.mediaTypes ?? []) : [],
          },
          rendererUrl(),
        ),
      ),
    );

    const dataDir = app.getPath('userData');
    // What the core reports (damaged files kept aside, failed sends, …) goes somewhere a person can read.
    const log = fileLogSink(app.getPath('logs'));
    // The first start's "Restore a backup" built the venue beside this folder: it is switched in
    // now, before anything below opens the folder (a restore cut short is finished or undone here).
    const restored = finishRestore(dataDir);
    if (restored.state !== 'none') log(`backups: a restore into ${dataDir} was ${restored.state}`);
    // Reports made before the core's own data health exists are saved to its file and shown from there.
    const earlyHealth = new DataHealth(dataDir, Date.now, log);
    // The first start's choice: a device that joins the hub runs the hub's screens, not a core.
    const setup = loadDeviceSetup(dataDir, earlyHealth.sink);
    if (setup?.role === 'join') {
      const joined = await startSatelliteOrSetup({ dataDir, log, discovery: LAN_REDISCOVERY });
      satellite = joined;
      registerIpcHandlers(joined.handlers, rendererUrl);
      // The hub decides at pairing whether this is a kiosk; until then it is a window like any other.
      createWindow(
        { events: joined.events, knownHosts: () => [], managerPresent: () => false },
        kioskMode() || joined.status().role === 'kiosk',
      );
      return;
    }
    core = await createApp({
      dataDir,
      log,
      // "This device is the venue hub" (Settings): the core serves the paired kiosk, bar and
      // manager devices once it has started.
      hub: { when: 'if-saved' },
      secrets: new SafeStorageSecretStore(dataDir, log, earlyHealth.sink),
      runtime: 'electron',
      defaultRedirectPort: DEFAULT_REDIRECT_PORT,
      kiosk: kioskMode() || setup?.purpose === 'kiosk',
      // After the first start's choice of the hub: the hub's certificate and server start with the app.
      restart: () => {
        app.relaunch();
        app.quit();
      },
      openExternal: async (url) => {
        // The core hands over only the sign-in page of the service it is connected to.
        await shell.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK
        return true;
      },
    });
    registerIpcHandlers(core.handlers, rendererUrl);
    await core.start();
    startHeapTrim({ onTrim: (t) => log(heapTrimLine(t)) });
    const started = core;
    createWindow(coreSource(started), kioskMode() || setup?.purpose === 'kiosk');

    app.on('activate', () => {
      if (core && BrowserWindow.getAllWindows().length === 0) createWindow(coreSource(started));
    });
  })
  .catch((error: unknown) => {
    // Without this the app would sit in the dock with no window and no word of why.
    dialog.showErrorBox('Venue Companion could not start', errorMessage(error));
    app.exit(1);
  });

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Quitting waits for the core to stop: the listener finishes the deliveries it is answering and
// the logs are closed, instead of the process dying under them.
app.on('before-quit', (event) => {
  quitting = true;
  const joined = satellite;
  if (joined) {
    satellite = null;
    event.preventDefault();
    void joined
      .close()
      .catch(() => {})
      .finally(() => app.quit());
    return;
  }
  const running = core;
  if (!running) return;
  core = null;
  event.preventDefault();
  void running
    .stop()
    .catch(() => {})
    .finally(() => app.quit());
});
