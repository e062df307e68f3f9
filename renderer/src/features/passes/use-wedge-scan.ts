// A keyboard-wedge reader "types" the pass id very fast and presses Enter. While this screen is
// shown and no text field has focus, such a burst is taken as a scan, so the bartender does not
// have to click the scan box first. Slow typing outside a field is ignored.
import { useEffect, useRef } from 'react';

/**
 * A reader sends keys a few ms apart; people type ~150-250 ms per key. 100 ms leaves room for a
 * busy till (events arrive late) while a person typing stray keys rarely makes 4 in a row.
 */
const MAX_GAP_MS = 100;
const MIN_LENGTH = 4;

export function useWedgeScan(onScan: (code: string) => void): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const now = performance.now();
      if (now - last > MAX_GAP_MS) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        if (buffer.length >= MIN_LENGTH) {
          event.preventDefault();
          latest.current(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) {
        buffer += event.key;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
