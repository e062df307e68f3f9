// Calls `onIdle` after `seconds` without a touch, click or key anywhere: a kiosk left on
// someone's screen goes back to the PIN pad by itself.
import { useEffect, useRef } from 'react';

export function useIdle(active: boolean, seconds: number, onIdle: () => void): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => callback.current(), seconds * 1000);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), seconds * 1000);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'input'] as const;
    events.forEach((e) => window.addEventListener(e, reset, { capture: true, passive: true }));
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, reset, { capture: true }));
    };
  }, [active, seconds]);
}
