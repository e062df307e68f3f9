// Calls `onIdle` after `seconds` without a touch, click or key anywhere: a kiosk left on
// someone's screen goes back to the PIN pad by itself.
import { useEffect, useEffectEvent } from 'react';

export function useIdle(active: boolean, seconds: number, onIdle: () => void): void {
  // The newest onIdle, without starting the timer again each time the caller draws a new one.
  const idle = useEffectEvent(onIdle);
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => idle(), seconds * 1000);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle(), seconds * 1000);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'input'] as const;
    events.forEach((e) => window.addEventListener(e, reset, { capture: true, passive: true }));
    return () => {
      clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, reset, { capture: true }));
    };
  }, [active, seconds]);
}
