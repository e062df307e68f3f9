// The Electron shell's decisions as plain functions, so tests check them without the runtime:
// which addresses may leave the app for the system browser, which permission a page gets, and
// where a window may reopen.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Links the renderer may hand to the system browser: https only, and only hosts the app knows
 * (the connected service and its dashboard). Anything else is dropped: a compromised page must
 * not be able to open file:, javascript:, custom schemes or arbitrary sites.
 */
export function isAllowedExternal(url: string, knownHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  return knownHosts.some((host) => host !== '' && parsed.hostname.toLowerCase() === host.toLowerCase());
}

/** Whether two addresses are the same document: scheme, host and path (query and fragment aside). */
export function sameDocument(actual: string, expected: string): boolean {
  try {
    const a = new URL(actual);
    const b = new URL(expected);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

/** A page's permission request or check, as the session's handlers receive it. */
export interface PermissionAsk {
  permission: string;
  /** The asking frame's address. */
  requestingUrl: string | undefined;
  isMainFrame: boolean;
  /** For `media`: what the page wants to capture (`video`, `audio`; `unknown` when not said). */
  mediaTypes: readonly string[];
}

/**
 * The one permission the app grants: the camera, video only, to the app's own page in its top
 * frame, so a device that joins the hub can read the hub's pairing QR code. The microphone, every
 * other permission, an iframe and any other page are refused.
 */
export function allowsPermission(ask: PermissionAsk, appUrl: string): boolean {
  return (
    ask.permission === 'media' &&
    ask.isMainFrame &&
    ask.mediaTypes.length > 0 &&
    ask.mediaTypes.every((type) => type === 'video') &&
    ask.requestingUrl !== undefined &&
    sameDocument(ask.requestingUrl, appUrl)
  );
}

/** The host names of the given base URLs (unparseable ones left out). */
export function hostsOf(urls: readonly (string | null | undefined)[]): string[] {
  const hosts: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    try {
      hosts.push(new URL(url).hostname);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return hosts;
}

/** Bounds worth remembering: a kiosk, full-screen or maximised window says nothing about the normal size. */
export function boundsToSave(
  state: { kiosk: boolean; fullscreen: boolean; maximized: boolean; minimized: boolean },
  bounds: Rect,
): Rect | null {
  if (state.kiosk || state.fullscreen || state.maximized || state.minimized) return null;
  if (bounds.width < 200 || bounds.height < 200) return null;
  return bounds;
}

/**
 * Saved bounds are used only if a good part of the window lands on a display that is there now
 * (an unplugged monitor must not leave the window off screen) and it fits that display.
 */
export function restorableBounds(saved: Rect | undefined, workAreas: readonly Rect[]): Rect | undefined {
  if (saved === undefined) return undefined;
  const values = [saved.x, saved.y, saved.width, saved.height];
  if (!values.every((v) => Number.isFinite(v)) || saved.width < 200 || saved.height < 200) return undefined;
  for (const area of workAreas) {
    const overlapX = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const overlapY = Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    // The title bar (top 40 px) must be reachable, and a quarter of the window (or of the
    // display, for a window bigger than it) visible.
    const titleVisible = saved.y >= area.y && saved.y + 40 <= area.y + area.height && overlapX >= 100;
    const enough = Math.min(saved.width * saved.height, area.width * area.height) / 4;
    if (titleVisible && overlapX > 0 && overlapY > 0 && overlapX * overlapY >= enough) {
      return { ...saved, width: Math.min(saved.width, area.width), height: Math.min(saved.height, area.height) };
    }
  }
  return undefined;
}
