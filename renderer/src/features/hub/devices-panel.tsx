// The venue's paired devices, for a manager on the hub or on a manager's device: who is online,
// rename, revoke, and a pairing code (with its QR code and the certificate fingerprint). A device
// that gave the code waits here until a manager allows it, after comparing the check code beside
// its name with the one on its own screen (a look-alike hub in between makes them differ), or
// denies it; addresses refused for too many attempts are listed. The code is read with the
// manager's session and never pushed.
import { useEffect, useState } from 'react';
import {
  CLOCK_SKEW_SHOWN_MS,
  DEVICE_ROLE_NAMES,
  DEVICE_ROLES,
  type DeviceRole,
  type HubDeviceView,
  type HubPairingRequestView,
  type HubView,
} from '../../../../shared/hub';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { useAppStore } from '../../store';
import { dayTime } from '../kiosk/format';
import { shortFingerprint } from '../../../../shared/fingerprint';

const ROLE_TEXT: Record<DeviceRole, string> = {
  kiosk: `${DEVICE_ROLE_NAMES.kiosk} (punches only)`,
  workstation: `${DEVICE_ROLE_NAMES.workstation} (bar, orders, refunds with a manager PIN)`,
  manager: `${DEVICE_ROLE_NAMES.manager} (everything, with a manager PIN)`,
};

export function DevicesPanel({ token, timezone }: { token: string; timezone: string | null }) {
  const pushed = useAppStore((s) => s.hubDevices);
  const view = useRequest(() => api().hubView(token), [token, pushed]);
  const request = useAction();
  const [lifted, setLifted] = useState<string | null>(null);
  const [role, setRole] = useState<DeviceRole>('kiosk');
  const hub: HubView | null = view.data;
  if (hub && !hub.enabled) return <p className="k-empty">This device is not the venue hub.</p>;
  const decide = (id: string, decision: 'allow' | 'deny') =>
    void request.run(async () => view.set(await api().hubDecidePairing(token, id, decision)));
  return (
    <div className="hub-devices">
      {hub && hub.requests.length > 0 && (
        <section className="k-card" aria-label="Devices asking to pair">
          <h2>Devices asking to pair</h2>
          <p className="k-hint">
            Allow a device only if its own screen shows the same check code. Another code means something stood between
            it and this hub: deny it.
          </p>
          <ul className="pair-found">
            {hub.requests.map((r) => (
              <PairingRequest key={r.id} request={r} timezone={timezone} busy={request.busy} onDecide={decide} />
            ))}
          </ul>
        </section>
      )}
      <section className="k-card" aria-label="Paired devices">
        <div className="k-card-head">
          <h2>Paired devices</h2>
        </div>
        <Problem text={request.error ?? view.error} detail={request.error ? request.detail : view.detail} />
        {hub && hub.devices.length === 0 && <p className="k-empty">No device is paired yet.</p>}
        {hub && hub.devices.length > 0 && (
          <table className="k-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Role</th>
                <th>Last seen</th>
                <th>State</th>
                <th>Punches</th>
                <th>Clock</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {hub.devices.map((d) => (
                <DeviceRow
                  key={d.id}
                  device={d}
                  timezone={timezone}
                  busy={request.busy}
                  onRename={(name) => request.run(async () => view.set(await api().hubRenameDevice(token, d.id, name)))}
                  onLift={() =>
                    void request.run(async () => {
                      await api().laborLiftLockout(token, d.id);
                      setLifted(d.name);
                    })
                  }
                  onRevoke={() => {
                    if (window.confirm(`Revoke "${d.name}"? It is cut off now and must pair again to come back.`)) {
                      void request.run(async () => view.set(await api().hubRevokeDevice(token, d.id)));
                    }
                  }}
                />
              ))}
            </tbody>
          </table>
        )}
        {lifted && (
          <p className="k-hint" role="status">
            PIN lockouts on “{lifted}” lifted.
          </p>
        )}
      </section>
      <section className="k-card k-form" aria-label="Pair a device">
        <h2>Pair a device</h2>
        <label>
          It will be a
          <select value={role} onChange={(e) => setRole(e.target.value as DeviceRole)}>
            {DEVICE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_TEXT[r]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={request.busy}
          onClick={() => void request.run(async () => view.set(await api().hubOpenPairing(token, role)))}
        >
          Show a pairing code
        </button>{' '}
        {hub?.pairing && (
          <button
            type="button"
            className="k-small"
            disabled={request.busy}
            onClick={() => void request.run(async () => view.set(await api().hubClosePairing(token)))}
          >
            Stop pairing
          </button>
        )}
        {hub?.pairing && <PairingCode hub={hub} timezone={timezone} />}
        {hub && hub.pairingLocks.length > 0 && (
          <ul className="k-hint" aria-label="Addresses refused for a while" data-testid="pairing-locks">
            {hub.pairingLocks.map((l) => (
              <li key={l.address}>
                Pairing is refused from <code>{l.address}</code> until {dayTime(l.until, timezone)}: too many attempts
                in a minute. Every other address can still pair.
              </li>
            ))}
          </ul>
        )}
        {hub?.fingerprint && !hub.pairing && (
          <p className="k-hint">
            Hub check code: <strong className="hub-fingerprint-short">{shortFingerprint(hub.fingerprint)}</strong>{' '}
            (certificate <code>{hub.fingerprint}</code>)
          </p>
        )}
      </section>
    </div>
  );
}

function PairingRequest({
  request,
  timezone,
  busy,
  onDecide,
}: {
  request: HubPairingRequestView;
  timezone: string | null;
  busy: boolean;
  onDecide(id: string, decision: 'allow' | 'deny'): void;
}) {
  return (
    <li data-testid="pairing-request">
      <p>
        <strong>{request.name}</strong> wants to pair as a {request.role} — check code{' '}
        <strong className="hub-check-code" data-testid="request-check-code">
          {request.checkCode}
        </strong>
      </p>
      <p className="k-hint">
        From {request.from}; waits until {dayTime(request.expiresAt, timezone)}.
      </p>
      <div className="pair-buttons">
        <button type="button" disabled={busy} onClick={() => onDecide(request.id, 'allow')}>
          Allow “{request.name}”
        </button>
        <button
          type="button"
          className="k-small k-small-danger"
          disabled={busy}
          onClick={() => onDecide(request.id, 'deny')}
        >
          Deny
        </button>
      </div>
    </li>
  );
}

function DeviceRow({
  device,
  timezone,
  busy,
  onRename,
  onRevoke,
  onLift,
}: {
  device: HubDeviceView;
  timezone: string | null;
  busy: boolean;
  onRename(name: string): void;
  onRevoke(): void;
  onLift(): void;
}) {
  const [name, setName] = useState(device.name);
  useEffect(() => setName(device.name), [device.name]);
  const state = device.revokedAt !== null ? 'revoked' : device.online ? 'online' : 'offline';
  return (
    <tr className={device.revokedAt !== null ? 'k-tr-bad' : ''} data-testid="hub-device">
      <td>
        <input
          className="hub-name"
          aria-label={`Name of ${device.name}`}
          value={name}
          maxLength={60}
          disabled={device.revokedAt !== null}
          onChange={(e) => setName(e.target.value)}
        />{' '}
        {name.trim() !== device.name && name.trim() !== '' && (
          <button type="button" className="k-small" disabled={busy} onClick={() => onRename(name)}>
            Save
          </button>
        )}
      </td>
      <td>{device.role}</td>
      <td>{device.lastSeenAt === null ? 'never' : dayTime(device.lastSeenAt, timezone)}</td>
      <td>{state}</td>
      <td data-testid="device-punches">
        {device.queuedPunches === null ? '–' : `${device.queuedPunches} waiting on it`}
        {device.heldPunches > 0 && `, ${device.heldPunches} held for review`}
      </td>
      <td>
        {device.clockSkewMs !== null && Math.abs(device.clockSkewMs) > CLOCK_SKEW_SHOWN_MS
          ? `${Math.round(Math.abs(device.clockSkewMs) / 60_000)} min ${device.clockSkewMs > 0 ? 'ahead' : 'behind'}`
          : 'ok'}
      </td>
      <td>
        {device.revokedAt === null && (
          <>
            <button type="button" className="k-small" disabled={busy} onClick={onLift}>
              Lift PIN lockout
            </button>{' '}
            <button type="button" className="k-small k-small-danger" disabled={busy} onClick={onRevoke}>
              Revoke
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function PairingCode({ hub, timezone }: { hub: HubView; timezone: string | null }) {
  const pairing = hub.pairing!;
  return (
    <div className="hub-pairing" data-testid="pairing-code">
      <p className="hub-code" aria-label="Pairing code">
        {pairing.code}
      </p>
      <p className="k-hint">
        For a {pairing.role}; works once, until {dayTime(pairing.expiresAt, timezone)}; {pairing.attemptsLeft} wrong
        tries and a new code replaces it (same end time). The device that gives it waits for you to allow it above.
      </p>
      {pairing.qr && (
        <img
          src={pairing.qr}
          width={180}
          height={180}
          alt="QR code with the hub address, the code and the certificate fingerprint"
        />
      )}
      {hub.address && (
        <p className="k-hint">
          Hub address: <code>{hub.address}</code>
        </p>
      )}
      {hub.fingerprint && (
        <>
          <p className="k-hint">
            The hub&apos;s certificate code (the new device shows it after Check this hub; its own check code comes once
            it asks):
          </p>
          <p className="hub-check-code" data-testid="hub-check-code">
            {shortFingerprint(hub.fingerprint)}
          </p>
          <p className="k-hint">
            Full certificate fingerprint: <code className="hub-fingerprint">{hub.fingerprint}</code>
          </p>
          {hub.address && (
            <details className="hub-pairing-data">
              <summary>The QR code as text, for a device without a camera</summary>
              <code data-testid="pairing-data">
                {JSON.stringify({ hub: hub.address, code: pairing.code, fingerprint: hub.fingerprint })}
              </code>
            </details>
          )}
        </>
      )}
    </div>
  );
}
