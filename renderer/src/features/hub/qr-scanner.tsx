// The camera preview that reads the hub's pairing QR code. The camera is on only while this is on
// the screen: it stops when a code is accepted, on Cancel and when the panel goes away.
import { useEffect, useRef, useState } from 'react';
import { startQrCamera, type CameraProblem } from './qr-camera';

const PROBLEM_WORDS: Record<CameraProblem, string> = {
  denied:
    'The camera is not allowed for this app. Allow it in the system settings and scan again, or paste the pairing data instead.',
  'no-camera': 'This device has no camera the app can use. Paste the pairing data instead.',
  busy: 'The camera did not start: another app may be using it. Close that app and scan again, or paste the pairing data instead.',
  unsupported: 'This screen cannot use a camera. Paste the pairing data instead.',
  failed: 'The camera did not start. Scan again, or paste the pairing data instead.',
};

/**
 * `accept` gets the text of every QR code the camera reads and says whether it was the pairing
 * data; anything else is reported as not a pairing code, and the scan goes on.
 */
export function QrScanner({ accept, onClose }: { accept: (text: string) => boolean; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const acceptRef = useRef(accept);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [running, setRunning] = useState(false);
  const [wrongCode, setWrongCode] = useState(false);

  useEffect(() => {
    acceptRef.current = accept;
  }, [accept]);

  useEffect(() => {
    const abort = new AbortController();
    const read = (text: string) => {
      if (abort.signal.aborted) return;
      if (acceptRef.current(text)) abort.abort();
      else setWrongCode(true);
    };
    void startQrCamera(video.current!, read, abort.signal).then((started) => {
      if (abort.signal.aborted) return;
      if (started.problem) setProblem(started.problem);
      else setRunning(true);
    });
    // Aborting stops the stream, also one still being opened.
    return () => abort.abort();
  }, []);

  return (
    <section className="qr-scanner" aria-label="Scan the hub's QR code" data-testid="qr-scanner">
      <video
        ref={video}
        className="qr-scanner-preview"
        hidden={problem !== null}
        muted
        playsInline
        aria-label="Camera preview"
        data-testid="qr-preview"
      />
      {problem ? (
        <p className="error" role="alert" data-testid="camera-problem">
          {PROBLEM_WORDS[problem]}
        </p>
      ) : wrongCode ? (
        <p className="error" role="status" data-testid="qr-not-pairing">
          That QR code is not a hub&apos;s pairing code. Point the camera at the QR code on the hub&apos;s Devices tab.
        </p>
      ) : (
        <p className="hint" role="status" data-testid="qr-scanning">
          {running
            ? "Point the camera at the QR code on the hub's Devices tab; it is read as soon as it is in view."
            : 'Starting the camera…'}
        </p>
      )}
      <div className="pair-buttons">
        <button type="button" onClick={onClose}>
          {problem ? 'Close' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}
