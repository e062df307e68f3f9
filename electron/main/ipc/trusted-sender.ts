// A request is trusted only when it comes from the top frame of a page we loaded ourselves:
// an iframe or a page that somehow navigated elsewhere gets nothing.
import type { IpcMainInvokeEvent } from 'electron';

export function isTrustedSender(event: IpcMainInvokeEvent, trustedUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return sameDocument(frame.url, trustedUrl);
}

function sameDocument(actual: string, expected: string): boolean {
  try {
    const a = new URL(actual);
    const b = new URL(expected);
    return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
  } catch {
    return false;
  }
}
