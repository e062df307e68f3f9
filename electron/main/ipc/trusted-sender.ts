// A request is trusted only when it comes from the top frame of a page we loaded ourselves:
// an iframe or a page that somehow navigated elsewhere gets nothing.
import type { IpcMainInvokeEvent } from 'electron';
import { sameDocument } from '../shell-rules';

export function isTrustedSender(event: IpcMainInvokeEvent, trustedUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return sameDocument(frame.url, trustedUrl);
}
