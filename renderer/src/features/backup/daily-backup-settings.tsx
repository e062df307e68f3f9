// The daily backups' folder (a USB drive or a share survives the computer; the data folder's own
// does not) and the passphrase they seal the secrets with: the app keeps only the key made from
// it, so it can seal each night without anyone typing it.
import { useState, type FormEvent } from 'react';
import type { BackupView } from '../../../../shared/backup';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';
import { backupProblemWords } from './backup-words';

export function DailyBackupSettings({ view, onSaved }: { view: BackupView; onSaved(view: BackupView): void }) {
  const save = useAction();
  const [folder, setFolder] = useState(view.folder);
  const [passphrase, setPassphrase] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent, dailyPassphrase?: string | null) => {
    e.preventDefault();
    setSaved(false);
    void save.run(async () => {
      onSaved(await api().backupSaveSettings({ folder: folder.trim() || null, dailyPassphrase }));
      setPassphrase('');
      setSaved(true);
    });
  };
  const problem = backupProblemWords(save.payload, save.error);
  return (
    <details className="daily-backups">
      <summary>Where backups go, and the daily backups’ secrets</summary>
      <form
        className="fields backup-fields"
        aria-label="Daily backups"
        onSubmit={(e) => submit(e, passphrase || undefined)}
      >
        <label>
          Backups folder (a full path; a USB drive keeps them if this computer dies)
          <input value={folder} onChange={(e) => setFolder(e.target.value)} />
        </label>
        <label>
          Passphrase for the daily backups’ secrets
          <input
            type="password"
            autoComplete="new-password"
            value={passphrase}
            placeholder={view.dailySealed ? 'set: type a new one to change it' : 'not set: they leave the secrets out'}
            onChange={(e) => setPassphrase(e.target.value)}
          />
        </label>
        <div className="actions">
          <button type="submit" disabled={save.busy}>
            Save
          </button>
          {view.dailySealed && (
            <button type="button" disabled={save.busy} onClick={(e) => submit(e, null)}>
              Leave the secrets out of daily backups
            </button>
          )}
          {saved && (
            <span className="good-text" role="status">
              Saved.
            </span>
          )}
        </div>
      </form>
      <Problem text={problem?.text ?? null} detail={problem?.detail} />
    </details>
  );
}
