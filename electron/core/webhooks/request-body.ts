// Reads a request body with a size limit. Past the limit it stops collecting (memory stays at the
// limit whatever the sender claims or sends) and keeps only a short stub for the inspector; the
// caller answers 413 with Connection: close, so Node discards the rest instead of us reading it.
import type { IncomingMessage } from 'node:http';

export type BodyRead =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'too-large'; stub: Buffer; seenBytes: number; declaredBytes: number | null }
  | { kind: 'aborted' };

export const STUB_BYTES = 4096;

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declaredRaw = req.headers['content-length'];
    const declared = declaredRaw !== undefined && /^\d+$/.test(declaredRaw) ? Number(declaredRaw) : null;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      req.off('close', onAbort);
      resolve(result);
    };
    const tooLarge = () => {
      const stub = Buffer.concat(chunks).subarray(0, STUB_BYTES);
      chunks.length = 0;
      finish({ kind: 'too-large', stub: Buffer.from(stub), seenBytes: size, declaredBytes: declared });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      // A declared length over the limit is refused at the first chunk, without waiting for the rest.
      if (size > maxBytes || (declared !== null && declared > maxBytes)) tooLarge();
    };
    const onEnd = () => finish({ kind: 'ok', body: Buffer.concat(chunks, size) });
    const onAbort = () => finish({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
    // 'close' before 'end': the sender went away mid-body.
    req.on('close', onAbort);
  });
}
