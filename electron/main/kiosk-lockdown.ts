// Kiosk mode for the Electron window: no menu, and the keyboard shortcuts that would let a guest
// reload, zoom, print, open the developer tools or close the window do nothing. (The window is
// already full screen and in the OS kiosk mode; the renderer hides everything but the kiosk.)
import type { BrowserWindow, Input } from 'electron';

function blocked(input: Input): boolean {
  const key = input.key.toLowerCase();
  const mod = input.control || input.meta;
  if (['f5', 'f11', 'f12'].includes(key)) return true;
  if (input.alt && key === 'f4') return true;
  if (mod && ['r', 'w', 'q', 'p', 'n', 't', '+', '=', '-', '0'].includes(key)) return true;
  if (mod && input.shift && ['i', 'j', 'c'].includes(key)) return true;
  return false;
}

export function lockDownKiosk(win: BrowserWindow): void {
  win.setMenu(null);
  win.webContents.on('before-input-event', (event, input) => {
    if (blocked(input)) event.preventDefault();
  });
  // Pinch and ctrl-wheel zoom would leave the touch layout half off screen.
  win.webContents.on('did-finish-load', () => void win.webContents.setVisualZoomLevelLimits(1, 1));
}
