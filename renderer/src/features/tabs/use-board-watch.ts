// While the Tabs screen is shown, the core sends it the board: this hook holds the screen's lease
// (renewed well inside the core's 30 s), says which version it has drawn after each animation
// frame (the core sends the next push only then), asks for a whole board when a partial one did
// not fit, and lets go when the screen closes. No screen, no board work in the core.
import { useEffect, useEffectEvent, useRef } from 'react';
import { api } from '../../api-context';
import { useAppStore } from '../../store';

const RENEW_MS = 10_000;

export function useBoardWatch(): void {
  const id = useRef<string>(crypto.randomUUID());
  const version = useAppStore((s) => s.boardVersion);
  const resync = useAppStore((s) => s.boardResync);
  const bridge = useAppStore((s) => s.bridge);
  // The version drawn by now, read when the lease is renewed (not a reason to start again).
  const drawn = useEffectEvent(() => version);

  // Start (and start again after the bridge came back: the core may have restarted).
  useEffect(() => {
    if (bridge !== 'open') return;
    const watcher = id.current;
    const watch = (seen: number | null) =>
      void api()
        .tabsWatchBoard(watcher, seen)
        .catch(() => {});
    watch(null);
    const timer = setInterval(() => watch(drawn()), RENEW_MS);
    return () => {
      clearInterval(timer);
      void api()
        .tabsUnwatchBoard(watcher)
        .catch(() => {});
    };
  }, [bridge]);

  // Drawn: tell the core after the frame that shows this version.
  useEffect(() => {
    if (version === null) return;
    const frame = requestAnimationFrame(
      () =>
        void api()
          .tabsWatchBoard(id.current, version)
          .catch(() => {}),
    );
    return () => cancelAnimationFrame(frame);
  }, [version]);

  useEffect(() => {
    if (!resync) return;
    useAppStore.getState().boardResynced();
    void api()
      .tabsWatchBoard(id.current, null)
      .catch(() => {});
  }, [resync]);
}
