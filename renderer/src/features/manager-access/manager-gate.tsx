// What a settings screen shows first: the settings when a manager is signed in on this device
// (with who, and a way to sign out), a manager PIN prompt when none is, and, while no manager has a
// PIN at all, the settings with a plain warning that anyone here can change them.
import { useState, type ReactNode } from 'react';
import { ManagerSetup } from '../kiosk/manager/manager-setup';
import { ManagerPinPrompt } from './manager-pin-prompt';
import { useSettingsAccess } from './use-settings-access';
import { useAppStore } from '../../store';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';

export function ManagerGate({ children, signOut = true }: { children: ReactNode; signOut?: boolean }) {
  const { access, answered, refresh, signOut: signOutHere } = useSettingsAccess();
  if (!answered) return <p className="empty">Checking who may change settings…</p>;
  // A device that cannot ask (a kiosk device) shows its settings; the core refuses each change.
  if (access === null) return <>{children}</>;
  if (access.open)
    return (
      <>
        <SettingsOpenWarning onManagerSet={() => void refresh()} />
        {children}
      </>
    );
  if (access.damagedRoster) return <DamagedRoster keptAs={access.damagedRoster.keptAs} />;
  if (!access.manager) return <ManagerPinPrompt onSignedIn={() => void refresh()} />;
  return (
    <>
      <p className="manager-bar" role="status" data-testid="settings-manager">
        <span>
          Settings are unlocked by <strong>{access.manager.name}</strong> on this computer.
        </span>
        {signOut && (
          <button type="button" onClick={() => void signOutHere()}>
            Sign out
          </button>
        )}
      </p>
      {children}
    </>
  );
}

/** While no manager has a PIN: anyone at this computer can change settings, and how to end that. */
export function SettingsOpenWarning({ onManagerSet }: { onManagerSet(): void }) {
  const [settingUp, setSettingUp] = useState(false);
  const removed = useAppStore((s) => s.labor?.practicePinsRemoved ?? null);
  return (
    <div className="settings-open" role="note" aria-label="Settings are open" data-testid="settings-open">
      {removed && (
        <p className="warning" data-testid="practice-pins-removed">
          This venue left the practice service, so the practice venue’s PINs were removed (from{' '}
          {removed.names.join(', ')}): they sign nobody in here. Set a manager PIN, then give staff their own PINs under
          Staff &amp; PINs.
        </p>
      )}
      <p className="warning">
        Anyone at this computer can change these settings until a manager PIN is set.
        {!settingUp && (
          <>
            {' '}
            <button type="button" onClick={() => setSettingUp(true)}>
              Set a manager PIN
            </button>
          </>
        )}
      </p>
      {settingUp && <ManagerSetup onDone={onManagerSet} onCancel={() => setSettingUp(false)} />}
    </div>
  );
}

/**
 * The staff list cannot be read, so no manager can sign in and settings stay shut. This computer's
 * own screen (the core offers it nowhere else) may set the damaged list aside and start a new one.
 */
function DamagedRoster({ keptAs }: { keptAs: string | null }) {
  const setAccess = useAppStore((s) => s.setSettingsAccess);
  const request = useAction();
  return (
    <div className="settings-open" role="alert" aria-label="The staff list is damaged" data-testid="damaged-roster">
      <p className="warning">
        The staff list on this computer could not be read, so no manager can sign in and settings stay locked.
        {keptAs ? ` The damaged file is kept as ${keptAs}.` : ' The staff list file is missing.'}
      </p>
      <p>
        Restore it from a backup (with the app stopped), or set the damaged list aside and start a new one here: the
        damaged file stays kept, every person and PIN must then be added again, starting with a manager PIN.
      </p>
      {request.error && <Problem text={request.error} detail={request.detail} />}
      <button
        type="button"
        disabled={request.busy}
        onClick={() => void request.run(async () => setAccess(await api().laborSetRosterAside()))}
      >
        Set the damaged staff list aside and start a new one
      </button>
    </div>
  );
}

/** On a screen with some settings among other things: the warning, only while settings are open. */
export function SettingsOpenNotice() {
  const { access, refresh } = useSettingsAccess();
  return access?.open ? <SettingsOpenWarning onManagerSet={() => void refresh()} /> : null;
}
