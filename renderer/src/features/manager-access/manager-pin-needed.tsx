// A settings request refused because no manager is signed in on this device: the refusal, and the
// PIN prompt right under it. Once a manager signs in, the person repeats what they were doing.
import { useEffect } from 'react';
import { Problem } from '../../components/problem';
import { ManagerPinPrompt } from './manager-pin-prompt';
import { useSettingsAccess } from './use-settings-access';

export function ManagerPinNeeded({
  text,
  detail,
  onSignedIn,
}: {
  text: string | null;
  detail: string | null;
  onSignedIn(): void;
}) {
  const { refresh } = useSettingsAccess();
  // What this device believed about its manager was out of date: a settings screen shows its prompt.
  useEffect(() => void refresh(), [refresh]);
  return (
    <>
      <Problem text={text} detail={detail} />
      <ManagerPinPrompt
        compact
        onSignedIn={() => {
          void refresh();
          onSignedIn();
        }}
      />
    </>
  );
}
