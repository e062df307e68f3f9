// The device camera as a QR code reader: the stream goes to a <video> for the preview, and a few
// times a second one frame is drawn small onto a canvas and decoded by jsQR, on a timer apart from
// React's renders. The decode stays on the window's thread: the packaged app's page is a file:
// page without extra privileges (electron-builder.yml), from which a worker script does not load,
// and a few small frames a second cost little.
import jsQR from 'jsqr';

/** Why the camera could not be used, each said differently on the screen. */
export type CameraProblem = 'unsupported' | 'denied' | 'no-camera' | 'busy' | 'failed';

export interface QrCamera {
  /** Ends the stream (the camera's light goes off) and the decoding; safe to call again. */
  stop(): void;
}

/** Frames decoded a second: enough to read a code held up to the camera, little for a slow device. */
const DECODES_PER_SECOND = 4;
/** The frame's longer side is scaled down to this before decoding: a pairing code fills much of it. */
const DECODE_SIDE = 640;

export type CameraStart = { camera: QrCamera; problem?: undefined } | { camera?: undefined; problem: CameraProblem };

/**
 * Opens the camera (the rear one where there is a choice) into `video` and calls `onText` with the
 * text of every QR code read, until stop() or `signal` aborts. Resolves once the preview runs, or
 * with the problem that kept the camera off. If `signal` aborts while the camera is opening, the
 * stream is stopped as soon as it arrives.
 */
export async function startQrCamera(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<CameraStart> {
  // Missing outside a secure context (a LAN address over plain http) and where there is no camera support.
  if (!navigator.mediaDevices?.getUserMedia) return { problem: 'unsupported' };
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (e) {
    return { problem: problemOf(e) };
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
    signal.removeEventListener('abort', stop);
  };
  if (signal.aborted) {
    stop();
    return { camera: { stop } };
  }
  signal.addEventListener('abort', stop);

  video.srcObject = stream;
  try {
    await video.play();
  } catch {
    // Stopped while starting interrupts play(), which is no problem to report.
    if (stopped) return { camera: { stop } };
    stop();
    return { problem: 'failed' };
  }

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) {
    stop();
    return { problem: 'failed' };
  }
  const decode = () => {
    if (stopped) return;
    const started = performance.now();
    const { videoWidth, videoHeight } = video;
    if (videoWidth > 0 && videoHeight > 0) {
      const scale = Math.min(1, DECODE_SIDE / Math.max(videoWidth, videoHeight));
      const width = Math.round(videoWidth * scale);
      const height = Math.round(videoHeight * scale);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      context.drawImage(video, 0, 0, width, height);
      const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
        // The hub shows its code dark on light, as printed codes are: the inverted pass would double the work.
        inversionAttempts: 'dontInvert',
      });
      if (code && code.data !== '') onText(code.data);
    }
    // On a slow or busy device a decode takes longer: the pause after it grows with it, so the
    // screen keeps at least two thirds of the thread.
    const spent = performance.now() - started;
    if (!stopped) timer = setTimeout(decode, Math.max(1000 / DECODES_PER_SECOND, 2 * spent));
  };
  timer = setTimeout(decode, 0);
  return { camera: { stop } };
}

/** The browser's reason for refusing the camera, by the DOMException's standard name. */
export function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}
