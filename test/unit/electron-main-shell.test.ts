// The Electron shell without the Electron runtime (it cannot be installed here): electron/main is
// loaded against a stub `electron` module that records what main asks of it, and a stand-in core.
// Asserts the window's web preferences, the CSP header, the navigation/new-window/permission
// guards, the trusted-sender check and the kiosk lockdown.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/host/static-files';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { saveDeviceSetup } from '../../electron/core/setup/device-setup';
import { hubModeSaved } from '../../electron/core/hub/hub-mode';
import type { SetupChoice } from '../../shared/setup';
import { tempDirs } from '../support';

type Handler = (...args: any[]) => any;

class FakeContents {
  handlers = new Map<string, Handler[]>();
  openHandler: Handler | null = null;
  on(name: string, fn: Handler) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  setWindowOpenHandler(fn: Handler) {
    this.openHandler = fn;
  }
  /** Fires `name` with a fresh event; true when some listener prevented the default. */
  fire(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    const event = { preventDefault: () => (prevented = true) };
    for (const fn of this.handlers.get(name) ?? []) fn(event, ...args);
    return prevented;
  }
  send() {}
  isDestroyed() {
    return false;
  }
  setVisualZoomLevelLimits() {
    return Promise.resolve();
  }
}

const stub = vi.hoisted(() => ({
  state: null as any,
}));

function freshState() {
  const appHandlers = new Map<string, Handler[]>();
  return {
    appHandlers,
    windows: [] as any[],
    ipc: new Map<string, Handler>(),
    headersHook: null as Handler | null,
    permissionRequest: null as Handler | null,
    permissionCheck: null as Handler | null,
    openExternal: vi.fn(async () => {}),
    singleInstance: true,
    quit: vi.fn(),
    isPackaged: false,
    managerPresent: false,
    stored: new Map<string, unknown>(),
    userData: '/nonexistent/venue-test',
    relaunch: vi.fn(),
    /** What main handed to createApp (null: it composed no core). */
    createOptions: null as any,
  };
}

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => stub.state.windows;
    webContents = new FakeContents();
    handlers = new Map<string, Handler[]>();
    loaded: string | null = null;
    menu: unknown = 'default';
    constructor(public options: any) {
      stub.state.windows.push(this);
      for (const fn of stub.state.appHandlers.get('web-contents-created') ?? []) fn({}, this.webContents);
    }
    on(name: string, fn: Handler) {
      this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    }
    once(name: string, fn: Handler) {
      this.on(name, fn);
    }
    fire(name: string): boolean {
      let prevented = false;
      for (const fn of this.handlers.get(name) ?? []) fn({ preventDefault: () => (prevented = true) });
      return prevented;
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    setMenu(menu: unknown) {
      this.menu = menu;
    }
    getBounds() {
      return { x: 0, y: 0, width: 3840, height: 2160 };
    }
    isKiosk() {
      return this.options.kiosk === true;
    }
    isFullScreen() {
      return this.options.fullscreen === true;
    }
    isMaximized() {
      return false;
    }
    isMinimized() {
      return false;
    }
    show() {}
  }
  const app = {
    get isPackaged() {
      return stub.state.isPackaged;
    },
    requestSingleInstanceLock: () => stub.state.singleInstance,
    on: (name: string, fn: Handler) =>
      stub.state.appHandlers.set(name, [...(stub.state.appHandlers.get(name) ?? []), fn]),
    whenReady: () => Promise.resolve(),
    quit: () => stub.state.quit(),
    exit: () => {},
    relaunch: () => stub.state.relaunch(),
    getPath: () => stub.state.userData,
  };
  const session = {
    defaultSession: {
      webRequest: { onHeadersReceived: (fn: Handler) => (stub.state.headersHook = fn) },
      setPermissionRequestHandler: (fn: Handler) => (stub.state.permissionRequest = fn),
      setPermissionCheckHandler: (fn: Handler) => (stub.state.permissionCheck = fn),
    },
  };
  const ipcMain = {
    handle: (channel: string, fn: Handler) => stub.state.ipc.set(channel, fn),
    removeHandler: () => {},
  };
  const shell = { openExternal: (url: string) => stub.state.openExternal(url) };
  const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1440, height: 900 } }] };
  const safeStorage = { isEncryptionAvailable: () => false };
  const dialog = { showErrorBox: () => {} };
  const api = { app, BrowserWindow, session, ipcMain, shell, screen, safeStorage, dialog };
  return { ...api, default: api };
});

vi.mock('electron-store', () => ({
  default: class {
    get(key: string) {
      return stub.state.stored.get(key);
    }
    set(key: string, value: unknown) {
      stub.state.stored.set(key, value);
    }
  },
}));

vi.mock('../../electron/host/create-app', async () => {
  const { TypedEmitter } = await import('../../electron/core/typed-emitter');
  return {
    createApp: async (options: unknown) => (
      (stub.state.createOptions = options),
      {
        handlers: { getSnapshot: async () => ({ ok: 'snapshot' }) },
        events: new TypedEmitter(),
        connection: { status: () => ({ settings: { baseUrl: 'https://api.service.example' } }) },
        labor: { sessions: { anyManagerSession: () => stub.state.managerPresent } },
        start: async () => {},
        stop: async () => {},
      }
    ),
  };
});

const argv = process.argv;

async function loadMain(
  options: { kiosk?: boolean; packaged?: boolean; rendererUrl?: string; userData?: string } = {},
) {
  stub.state = freshState();
  if (options.userData) stub.state.userData = options.userData;
  stub.state.isPackaged = options.packaged ?? false;
  process.argv = options.kiosk ? [...argv, '--kiosk'] : argv;
  if (options.rendererUrl) process.env.ELECTRON_RENDERER_URL = options.rendererUrl;
  vi.resetModules();
  await import('../../electron/main/index');
  await vi.waitFor(() => expect(stub.state.windows.length).toBe(1));
  return stub.state.windows[0];
}

beforeEach(() => {
  delete process.env.ELECTRON_RENDERER_URL;
});
afterEach(() => {
  process.argv = argv;
  delete process.env.ELECTRON_RENDERER_URL;
});

describe('electron/main against a stub electron', () => {
  it('opens one locked-down window with the CSP on every response', async () => {
    const win = await loadMain();
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: true,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(win.loaded).toMatch(/^file:.*renderer\/index\.html$/);
    let headers: any = null;
    stub.state.headersHook({ responseHeaders: { 'x-a': ['1'] } }, (result: any) => (headers = result.responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
  });

  it('blocks navigation, redirects, webviews and new windows; only https links to known hosts leave', async () => {
    const win = await loadMain();
    const contents = win.webContents as FakeContents;
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-attach-webview', {}, {})).toBe(true);
    expect(contents.openHandler!({ url: 'https://api.service.example/dashboard' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'http://api.service.example/dashboard' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(stub.state.openExternal.mock.calls).toEqual([['https://api.service.example/dashboard']]);
    // Any other web contents created later gets the same guards.
    const other = new FakeContents();
    for (const fn of stub.state.appHandlers.get('web-contents-created')) fn({}, other);
    expect(other.fire('will-navigate', 'https://x.example')).toBe(true);
    expect(other.openHandler!({ url: 'https://api.service.example/' })).toEqual({ action: 'deny' });
  });

  it('grants the camera to its own page only, and refuses every other permission', async () => {
    const win = await loadMain();
    const own: string = win.loaded;
    const request = (permission: string, details: object) =>
      new Promise<boolean>((done) => stub.state.permissionRequest({}, permission, done, details));
    const check = (permission: string, origin: string, details: object) =>
      stub.state.permissionCheck({}, permission, origin, details) as boolean;
    // The pair screen's camera: asked and checked by the app's own page in its top frame.
    expect(await request('media', { requestingUrl: own, isMainFrame: true, mediaTypes: ['video'] })).toBe(true);
    expect(check('media', own, { requestingUrl: own, isMainFrame: true, mediaType: 'video' })).toBe(true);
    // The microphone, another page, an iframe of the app, or no media type: refused.
    const refused = [
      await request('media', { requestingUrl: own, isMainFrame: true, mediaTypes: ['video', 'audio'] }),
      await request('media', { requestingUrl: own, isMainFrame: true, mediaTypes: ['audio'] }),
      await request('media', { requestingUrl: own, isMainFrame: true }),
      await request('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] }),
      await request('media', { requestingUrl: own, isMainFrame: false, mediaTypes: ['video'] }),
      check('media', own, { requestingUrl: own, isMainFrame: true, mediaType: 'audio' }),
      check('media', own, { requestingUrl: own, isMainFrame: true, mediaType: 'unknown' }),
      check('media', 'https://evil.example', {
        requestingUrl: 'https://evil.example/',
        isMainFrame: true,
        mediaType: 'video',
      }),
    ];
    for (const permission of ['geolocation', 'notifications', 'clipboard-read', 'display-capture']) {
      refused.push(await request(permission, { requestingUrl: own, isMainFrame: true }));
      refused.push(check(permission, own, { requestingUrl: own, isMainFrame: true }));
    }
    expect(refused).toEqual(refused.map(() => false));
  });

  it('answers IPC only from the top frame of its own page', async () => {
    const win = await loadMain();
    const handle =
      stub.state.ipc.get('venue:getSnapshot') ??
      [...stub.state.ipc.entries()].find(([k]: [string]) => k.endsWith('getSnapshot'))?.[1];
    expect(handle).toBeTypeOf('function');
    const own = { senderFrame: { url: win.loaded, parent: null } };
    expect((await handle(own)).ok).toBe(true);
    const foreign = await handle({ senderFrame: { url: 'https://evil.example/', parent: null } });
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'untrusted-sender' } });
    const iframe = await handle({ senderFrame: { url: win.loaded, parent: {} } });
    expect(iframe).toMatchObject({ ok: false, error: { kind: 'untrusted-sender' } });
  });

  it('takes one instance only, and ignores ELECTRON_RENDERER_URL when packaged', async () => {
    const dev = await loadMain({ rendererUrl: 'http://localhost:5173/' });
    expect(dev.loaded).toBe('http://localhost:5173/');
    const packaged = await loadMain({ packaged: true, rendererUrl: 'http://attacker.example/' });
    expect(packaged.loaded).toMatch(/^file:/);
    stub.state = freshState();
    stub.state.singleInstance = false;
    vi.resetModules();
    await import('../../electron/main/index');
    expect(stub.state.quit).toHaveBeenCalled();
  });

  it('kiosk: no devtools, no menu, shortcuts dead, the window closes only for a manager, bounds not saved', async () => {
    const win = await loadMain({ kiosk: true });
    expect(win.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(win.options.webPreferences.devTools).toBe(false);
    expect(win.menu).toBeNull();
    const contents = win.webContents as FakeContents;
    expect(
      contents.fire('before-input-event', { key: 'F12', control: false, meta: false, alt: false, shift: false }),
    ).toBe(true);
    expect(
      contents.fire('before-input-event', { key: 'w', control: true, meta: false, alt: false, shift: false }),
    ).toBe(true);
    expect(
      contents.fire('before-input-event', { key: 'a', control: false, meta: false, alt: false, shift: false }),
    ).toBe(false);
    expect(win.fire('close')).toBe(true);
    stub.state.managerPresent = true;
    expect(win.fire('close')).toBe(false);
    // A kiosk's full-screen size is not the normal window's size (bug F).
    expect(stub.state.stored.get('bounds')).toBeUndefined();
  });
});

describe("electron/main composes by the first start's choice", () => {
  const dirs = tempDirs('venue-first-start-');
  afterAll(() => dirs.removeAll());
  /** A data folder where the guided setup was answered with `choice`, as its screen saves it. */
  const chosen = (choice: SetupChoice) => {
    const dir = dirs.make();
    saveDeviceSetup(dir, choice);
    return dir;
  };

  it('a first start composes a plain computer: no hub, no kiosk', async () => {
    const win = await loadMain({ userData: dirs.make() });
    expect(win.options.kiosk).toBe(false);
    // The core starts the hub only where "This device is the venue hub" is saved: not here.
    expect(stub.state.createOptions).toMatchObject({ kiosk: false, hub: { when: 'if-saved' } });
    expect(hubModeSaved(stub.state.userData)).toBe(false);
  });

  it('"Kiosk by the staff door" opens the locked-down kiosk window', async () => {
    const win = await loadMain({ userData: chosen({ venue: 'practice', role: 'single', purpose: 'kiosk' }) });
    expect(win.options).toMatchObject({ kiosk: true, fullscreen: true });
    expect(stub.state.createOptions.kiosk).toBe(true);
  });

  it('"The venue hub" starts the hub with the core, and Restart now relaunches the app', async () => {
    const dir = chosen({ venue: 'practice', role: 'hub', purpose: 'manager' });
    await loadMain({ userData: dir });
    // The choice is saved as hub mode, and the core is asked to serve as the hub when it is saved.
    expect(hubModeSaved(dir)).toBe(true);
    expect(stub.state.createOptions.hub).toEqual({ when: 'if-saved' });
    stub.state.createOptions.restart();
    expect(stub.state.relaunch).toHaveBeenCalledOnce();
    expect(stub.state.quit).toHaveBeenCalled();
    // Quitting stops the core (which closes the hub's server first) before the app quits.
    for (const fn of stub.state.appHandlers.get('before-quit') ?? []) fn({ preventDefault: () => {} });
    await vi.waitFor(() => expect(stub.state.quit.mock.calls.length).toBeGreaterThan(1));
  });

  it('"A device that joins the venue hub" runs no core: its window shows the pairing screen', async () => {
    const win = await loadMain({ userData: chosen({ venue: 'practice', role: 'join', purpose: null }) });
    expect(stub.state.createOptions).toBeNull();
    const status = stub.state.ipc.get('venue:satelliteStatus');
    const answer = await status({ senderFrame: { url: win.loaded, parent: null } });
    expect(answer).toMatchObject({ ok: true, result: { mode: 'satellite', link: 'unpaired' } });
  });
});

describe('the packaged binary', () => {
  it('flips the fuses: no run-as-node, no NODE_OPTIONS or inspect, asar only and checked, file:// unprivileged', () => {
    // The block's "key: true|false" lines, as electron-builder reads them.
    const yml = readFileSync(resolve(import.meta.dirname, '../../electron-builder.yml'), 'utf8');
    const block = /^electronFuses:\n((?:[ ]+.*\n?)+)/m.exec(yml)![1];
    const fuses = Object.fromEntries(
      [...block.matchAll(/^\s+(\w+):\s*(true|false)\b/gm)].map((m) => [m[1], m[2] === 'true']),
    );
    expect(fuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is loaded from file://: without this, it would have file-protocol powers a
      // web page lacks (reading other local files through fetch, for one).
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
