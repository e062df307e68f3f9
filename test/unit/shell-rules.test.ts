// The Electron shell's rules without the runtime: which links may reach the system browser, which
// window sizes are remembered, and where a window may reopen.
import { describe, expect, it } from 'vitest';
import { boundsToSave, hostsOf, isAllowedExternal, restorableBounds } from '../../electron/main/shell-rules';

const known = hostsOf(['https://api.service.example/v1', 'not a url', null]);

describe('links to the system browser', () => {
  it('allows https links to hosts the app knows only', () => {
    expect(known).toEqual(['api.service.example']);
    expect(isAllowedExternal('https://api.service.example/dashboard', known)).toBe(true);
    expect(isAllowedExternal('https://API.service.example/x', known)).toBe(true);
    for (const url of [
      'http://api.service.example/dashboard',
      'https://evil.example/',
      'https://api.service.example.evil.example/',
      'https://user:pw@api.service.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://api.service.example/share',
      'not a url',
    ]) {
      expect(isAllowedExternal(url, known), url).toBe(false);
    }
  });
});

describe('window bounds', () => {
  const normal = { kiosk: false, fullscreen: false, maximized: false, minimized: false };
  const bounds = { x: 100, y: 80, width: 1280, height: 800 };

  it('are not saved from a kiosk, full-screen, maximised or minimised window', () => {
    expect(boundsToSave(normal, bounds)).toEqual(bounds);
    expect(boundsToSave({ ...normal, kiosk: true }, { x: 0, y: 0, width: 3840, height: 2160 })).toBeNull();
    expect(boundsToSave({ ...normal, fullscreen: true }, bounds)).toBeNull();
    expect(boundsToSave({ ...normal, maximized: true }, bounds)).toBeNull();
    expect(boundsToSave({ ...normal, minimized: true }, bounds)).toBeNull();
  });

  it('are restored only onto a display that is there, and shrunk to fit it', () => {
    const laptop = { x: 0, y: 0, width: 1440, height: 900 };
    expect(restorableBounds(bounds, [laptop])).toEqual(bounds);
    // The second monitor was unplugged: the window would open off screen.
    expect(restorableBounds({ x: 2000, y: 100, width: 1280, height: 800 }, [laptop])).toBeUndefined();
    // Title bar above the top of the screen.
    expect(restorableBounds({ x: 100, y: -500, width: 1280, height: 800 }, [laptop])).toBeUndefined();
    // A size saved on a big screen fits the small one.
    expect(restorableBounds({ x: 0, y: 0, width: 3840, height: 2160 }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
    });
    expect(restorableBounds(undefined, [laptop])).toBeUndefined();
    expect(restorableBounds({ x: Number.NaN, y: 0, width: 800, height: 600 }, [laptop])).toBeUndefined();
    expect(restorableBounds(bounds, [])).toBeUndefined();
  });
});
