// A modal dialog's keyboard contract: focus moves into it when it opens, Tab and Shift+Tab go
// round its own controls only, Escape closes it, and on closing focus goes back to the control
// that opened it, so a keyboard user carries on where they were.
import { useEffect, useEffectEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

// `:disabled` too: a control inside a disabled fieldset (a form kept as it was sent) has no
// attribute of its own, yet cannot take focus, and Tab must not wrap round to it.
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.matches(':disabled') && el.getClientRects().length > 0,
  );
}

export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const escape = useEffectEvent(onEscape);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) (focusables(root)[0] ?? root).focus();

    const onKey = (e: KeyboardEvent) => {
      const box = ref.current;
      if (!box) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        escape();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables(box);
      if (list.length === 0) {
        e.preventDefault();
        box.focus();
        return;
      }
      const first = list[0];
      const last = list[list.length - 1];
      const at = document.activeElement;
      const inside = at instanceof HTMLElement && box.contains(at);
      if (e.shiftKey && (at === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    // A click or script that moves focus behind the dialog brings it back inside.
    const onFocusIn = (e: FocusEvent) => {
      const box = ref.current;
      if (box && e.target instanceof Node && !box.contains(e.target)) (focusables(box)[0] ?? box).focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}
