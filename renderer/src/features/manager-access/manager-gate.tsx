// What a settings screen shows first: the settings when a manager is signed in on this device
// (with who, and a way to sign out), a manager PIN prompt when none is, and, while no manager has a
// PIN at all, the settings with a plain warning that anyone here can change them.
import { useState, type ReactNode } from 'react';
import { ManagerSetup } from '../kiosk/manager/manager-setup';
import { ManagerPinPrompt } from './manager-pin-prompt';
import { useSettingsAccess } from './use-settings-access';

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
  return (
    <div className="settings-open" role="note" aria-label="Settings are open" data-testid="settings-open">
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

/** On a screen with some settings among other things: the warning, only while settings are open. */
export function SettingsOpenNotice() {
  const { access, refresh } = useSettingsAccess();
  return access?.open ? <SettingsOpenWarning onManagerSet={() => void refresh()} /> : null;
}
