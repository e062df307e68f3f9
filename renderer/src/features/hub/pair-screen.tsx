// An unpaired satellite's only screen: find the hub (or type its address, or scan or paste its QR
// code, which only fills the form), press Check this hub, enter the code the hub shows and Pair.
// The hub then lists this device on its Devices tab, and a manager allows it after comparing the
// check code this screen shows with the one beside its name there: a QR code never vouches for
// itself (a look-alike hub's own QR code matches its own certificate), and only a hub reached
// directly shows the same check code. Only addresses of the venue's own network are offered a
// connection, and only when the person presses a button.
import { useState, type FormEvent } from 'react';
import type { FoundHub, SatellitePairingRequest } from '../../../../shared/hub';
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
import { pairingHostAllowed } from '../../../../shared/ip-ranges';
import { dayTime } from '../kiosk/format';

/** The host of "192.168.1.20:47800", "[fe80::1]:47800" or "https://…"; '' when there is none. */
function hostOf(address: string): string {
  const text = address.trim().replace(/^[a-z]+:\/\//i, '');
  const v6 = /^\[([^\]]+)\]/.exec(text);
  if (v6) return v6[1];
  return text.split(/[:/]/)[0];
}

export function PairScreen() {
  const suggested = useAppStore((s) => s.satellite?.hubAddress ?? '');
  const request = useAppStore((s) => s.satellite?.pairingRequest ?? null);
  const [address, setAddress] = useState(suggested);
  const [found, setFound] = useState<FoundHub[] | null>(null);
  const [checked, setChecked] = useState<{ address: string; fingerprint: string } | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [qrText, setQrText] = useState('');
  const [fromQr, setFromQr] = useState<PairingQrData | null>(null);
  const [scanning, setScanning] = useState(false);
  /** Set when the person leaves a request that still waits, to pair anew. */
  const [startOver, setStartOver] = useState(false);
  const action = useAction();
  const qrMismatch =
    fromQr !== null && checked !== null && normalizeFingerprintText(fromQr.fingerprint) !== checked.fingerprint;
  const host = hostOf(address);
  const offNetwork = host !== '' && !pairingHostAllowed(host);
  // A QR code fills the form as its pasted text would; connecting is the person's own press.
  const readQr = (text: string) => {
    setQrText(text);
    const data = readPairingQr(text);
    setFromQr(data);
    if (!data) return;
    setAddress(data.hub);
    setCode(data.code);
    setChecked(null);
  };
  // One that is not pairing data is left to the scanner to report, and it keeps looking.
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

  const check = (target: string) => void action.run(async () => setChecked(await api().satelliteCheckHub(target)));
  const pair = (e: FormEvent) => {
    e.preventDefault();
    if (!checked) return;
    void action.run(async () => {
      const status = await api().satellitePair({
        address: checked.address,
        code: code.trim(),
        name: name.trim(),
        fingerprint: checked.fingerprint,
      });
      setStartOver(false);
      useAppStore.getState().setSatellite(status);
    });
  };

  if (request?.state === 'waiting' && !startOver)
    return <WaitingForManager request={request} onStartOver={setStartOver} />;

  return (
    <main className="pair-screen" aria-label="Pair with the venue hub">
      <h1>Pair this device with the venue hub</h1>
      <p className="k-hint">
        On the hub, a manager opens Manager → Devices → Show a pairing code, and allows this device there once you press
        Pair.
      </p>
      {request && request.state !== 'waiting' && !startOver && <RequestEnded request={request} />}
      <section className="k-card k-form" aria-label="Find the hub">
        <h2>1. The hub</h2>
        <label>
          Hub address
          <input
            value={address}
            placeholder="192.168.1.20:47800"
            aria-describedby={offNetwork ? 'hub-off-network' : undefined}
            onChange={(e) => (setAddress(e.target.value), setChecked(null))}
          />
        </label>
        {offNetwork && (
          <p className="error" id="hub-off-network" role="alert" data-testid="hub-off-network">
            {host} is not an address on the venue&apos;s own network. Use the hub address its Devices tab shows, like
            192.168.1.20:47800.
          </p>
        )}
        <div className="pair-buttons">
          <button
            type="button"
            disabled={action.busy || !address.trim() || offNetwork}
            onClick={() => check(address.trim())}
          >
            Check this hub
          </button>
          <button
            type="button"
            disabled={action.busy}
            onClick={() => void action.run(async () => setFound(await api().satelliteFindHubs()))}
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
        {fromQr && !checked && !offNetwork && (
          <p className="hint" role="status" data-testid="qr-filled">
            The QR code filled in the address and the code. Press Check this hub to connect to it.
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
          <h2>2. Enter the code</h2>
          {qrMismatch ? (
            <p className="error" role="alert" data-testid="qr-mismatch">
              The hub at this address shows another certificate than its QR code: do not pair. Ask a manager to check
              the hub.
            </p>
          ) : (
            <p className="k-hint">
              After you press Pair, a manager on the hub allows this device on its Devices tab. It shows a check code
              beside this device&apos;s name, and this screen shows one: they must be the same.
            </p>
          )}
          <p className="hint">
            Hub certificate: <span data-testid="checked-check-code">{shortFingerprint(checked.fingerprint)}</span> (
            <code className="hub-fingerprint" data-testid="checked-fingerprint">
              {checked.fingerprint}
            </code>
            )
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
            disabled={action.busy || missing.length > 0 || qrMismatch}
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
      <Problem text={action.error} detail={action.detail} />
    </main>
  );
}

/** The request is with the hub's manager: the check code to compare, and how long it waits. */
function WaitingForManager({
  request,
  onStartOver,
}: {
  request: SatellitePairingRequest;
  onStartOver: (on: boolean) => void;
}) {
  return (
    <main className="pair-screen" aria-label="Pair with the venue hub">
      <h1>Waiting for a manager on the hub</h1>
      <section className="k-card" aria-label="Check code" data-testid="pair-waiting">
        <p>
          On the hub&apos;s Devices tab, a manager sees “{request.name} wants to pair” with a check code. They allow it
          only if it is this same check code:
        </p>
        <p className="hub-check-code" data-testid="pair-check-code">
          {request.checkCode}
        </p>
        <p className="k-hint">
          If the hub shows another code, something else answered at this address: the manager denies it. This request
          waits until {dayTime(request.expiresAt, null)}.
        </p>
        <div className="pair-buttons">
          <button type="button" className="k-small" onClick={() => onStartOver(true)}>
            Pair with another code or hub
          </button>
        </div>
      </section>
    </main>
  );
}

/** Denied or run out: said plainly above the form, to pair again. */
function RequestEnded({ request }: { request: SatellitePairingRequest }) {
  switch (request.state) {
    case 'denied':
      return (
        <p className="error" role="alert" data-testid="pair-denied">
          A manager on the hub did not allow “{request.name}” to pair. If this device should be paired, ask for a new
          code and pair again, and compare the check code with the manager.
        </p>
      );
    case 'expired':
      return (
        <p className="error" role="alert" data-testid="pair-expired">
          Nobody allowed “{request.name}” on the hub in time. Ask a manager for a new code and pair again.
        </p>
      );
    case 'waiting':
      return null;
  }
}
