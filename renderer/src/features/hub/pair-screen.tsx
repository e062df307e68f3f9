// An unpaired satellite's only screen: find the hub (or type its address), compare the
// certificate's check code with the hub's Devices tab, then enter the code the hub shows. Or scan
// the hub's QR code with this device's camera, or paste its text: address, certificate and code at
// once, the certificate then compared by the app. The code is sent only to the certificate that
// was compared.
import { useState, type FormEvent } from 'react';
import type { FoundHub } from '../../../../shared/hub';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';
import { useAppStore } from '../../store';
import { QrScanner } from './qr-scanner';
import {
  normalizeFingerprintText,
  readPairingQr,
  shortFingerprint,
  type PairingQrData,
} from '../../../../shared/fingerprint';

export function PairScreen() {
  const suggested = useAppStore((s) => s.satellite?.hubAddress ?? '');
  const [address, setAddress] = useState(suggested);
  const [found, setFound] = useState<FoundHub[] | null>(null);
  const [checked, setChecked] = useState<{ address: string; fingerprint: string } | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [qrText, setQrText] = useState('');
  const [fromQr, setFromQr] = useState<PairingQrData | null>(null);
  const [scanning, setScanning] = useState(false);
  const request = useAction();
  const qrMatches =
    fromQr !== null && checked !== null && normalizeFingerprintText(fromQr.fingerprint) === checked.fingerprint;
  const readQr = (text: string) => {
    setQrText(text);
    const data = readPairingQr(text);
    setFromQr(data);
    if (!data) return;
    setAddress(data.hub);
    setCode(data.code);
    check(data.hub);
  };
  // A scanned code fills the form as its pasted text would; one that is not pairing data is left
  // to the scanner to report, and it keeps looking.
  const scanned = (text: string) => {
    if (!readPairingQr(text)) return false;
    setScanning(false);
    readQr(text);
    return true;
  };
  const missing = [
    !name.trim() && 'a name for this device',
    code.length !== 6 &&
      (code.length === 0 ? 'the 6-digit code from the hub' : `all 6 digits of the code (${code.length} typed)`),
  ].filter((m): m is string => typeof m === 'string');

  const check = (target: string) => void request.run(async () => setChecked(await api().satelliteCheckHub(target)));
  const pair = (e: FormEvent) => {
    e.preventDefault();
    if (!checked) return;
    void request.run(async () => {
      const status = await api().satellitePair({
        address: checked.address,
        code: code.trim(),
        name: name.trim(),
        fingerprint: checked.fingerprint,
      });
      useAppStore.getState().setSatellite(status);
    });
  };

  return (
    <main className="pair-screen" aria-label="Pair with the venue hub">
      <h1>Pair this device with the venue hub</h1>
      <p className="k-hint">On the hub, a manager opens Manager → Devices → Show a pairing code.</p>
      <section className="k-card k-form" aria-label="Find the hub">
        <h2>1. The hub</h2>
        <label>
          Hub address
          <input
            value={address}
            placeholder="192.168.1.20:47800"
            onChange={(e) => (setAddress(e.target.value), setChecked(null))}
          />
        </label>
        <div className="pair-buttons">
          <button type="button" disabled={request.busy || !address.trim()} onClick={() => check(address.trim())}>
            Check this hub
          </button>
          <button
            type="button"
            disabled={request.busy}
            onClick={() => void request.run(async () => setFound(await api().satelliteFindHubs()))}
          >
            Find hubs on this network
          </button>
        </div>
        {scanning ? (
          <QrScanner accept={scanned} onClose={() => setScanning(false)} />
        ) : (
          <div className="pair-buttons">
            <button type="button" onClick={() => setScanning(true)}>
              Scan the hub&apos;s QR code
            </button>
          </div>
        )}
        <label>
          Or paste the pairing data from the hub&apos;s QR code
          <textarea
            className="pair-qr-data"
            value={qrText}
            placeholder='for example: {"hub":"192.168.1.20:47800","code":"123456","fingerprint":"AB:CD:…"}'
            onChange={(e) => readQr(e.target.value)}
          />
        </label>
        {qrText.trim() !== '' && !fromQr && (
          <p className="hint" role="status">
            That is not the hub&apos;s pairing data: copy all of it, from {'{'} to {'}'}.
          </p>
        )}
        {found && found.length === 0 && <p className="k-empty">No hub answered on this network; type its address.</p>}
        {found && found.length > 0 && (
          <ul className="pair-found">
            {found.map((h) => (
              <li key={h.address}>
                <button type="button" className="k-small" onClick={() => (setAddress(h.address), check(h.address))}>
                  {h.name} · {h.address}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {checked && (
        <form className="k-card k-form" aria-label="Pair" onSubmit={pair}>
          <h2>2. Compare, then enter the code</h2>
          {fromQr ? (
            qrMatches ? (
              <p className="pair-match" role="status" data-testid="qr-match">
                The hub&apos;s certificate matches its QR code (check code {shortFingerprint(checked.fingerprint)}).
              </p>
            ) : (
              <p className="error" role="alert" data-testid="qr-mismatch">
                The hub at this address shows another certificate than its QR code: do not pair. Ask a manager to check
                the hub.
              </p>
            )
          ) : (
            <>
              <p>
                The hub&apos;s Devices tab must show this same check code. If it does not, stop: this is not your hub.
              </p>
              <p className="hub-check-code" data-testid="checked-check-code">
                {shortFingerprint(checked.fingerprint)}
              </p>
            </>
          )}
          <p className="hint">
            Full certificate fingerprint:{' '}
            <code className="hub-fingerprint" data-testid="checked-fingerprint">
              {checked.fingerprint}
            </code>
          </p>
          <label>
            This device&apos;s name
            <input
              value={name}
              maxLength={60}
              placeholder="for example: Staff door kiosk"
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label>
            Pairing code
            <input
              value={code}
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <button
            type="submit"
            disabled={request.busy || missing.length > 0 || (fromQr !== null && !qrMatches)}
            aria-describedby={missing.length > 0 ? 'pair-missing' : undefined}
          >
            Pair
          </button>
          {missing.length > 0 && (
            <p className="hint" id="pair-missing" data-testid="pair-missing">
              To pair, type {missing.join(' and ')}.
            </p>
          )}
        </form>
      )}
      <Problem text={request.error} detail={request.detail} />
    </main>
  );
}
