// The first start's "Restore a backup": a new computer takes the venue of a backup file (the hub
// that died, or the one being replaced). The file is checked first (when it was made, by which
// release, whether its secrets are sealed); the restore is then built beside the data folder and
// opens when the app starts again, with the hub's identity when the backup carried its key.
import { useState, type FormEvent } from 'react';
import type { BackupSummary, RestoreDone } from '../../../../shared/backup';
import { dayTime } from '../../../../shared/time';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { Problem } from '../../components/problem';
import { backupFacts, backupProblemWords } from '../backup/backup-words';
import '../backup/backup.css';

export function RestoreStep({ onBack }: { onBack(): void }) {
  const timezone = useVenueZone();
  const check = useAction();
  const restore = useAction();
  const [file, setFile] = useState('');
  const [summary, setSummary] = useState<BackupSummary | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [withoutSecrets, setWithoutSecrets] = useState(false);
  const [done, setDone] = useState<RestoreDone | null>(null);
  if (done) return <Restored done={done} />;

  const inspect = (e: FormEvent) => {
    e.preventDefault();
    setSummary(null);
    void check.run(async () => setSummary(await api().backupInspect(file.trim())));
  };
  const start = () =>
    void restore.run(async () =>
      setDone(
        await api().backupRestore({
          file: file.trim(),
          passphrase: summary?.secrets === 'sealed' && !withoutSecrets ? passphrase : null,
          withoutSecrets: summary?.secrets !== 'sealed' || withoutSecrets,
        }),
      ),
    );
  const needsPassphrase = summary?.secrets === 'sealed' && !withoutSecrets && passphrase === '';
  const checkProblem = backupProblemWords(check.payload, check.error);
  const restoreProblem = backupProblemWords(restore.payload, restore.error);

  return (
    <section className="card" aria-label="Restore a backup">
      <h2>Restore a backup</h2>
      <p className="hint">
        For a new computer that takes over a venue: its staff and PINs, paired devices, punches, events and settings
        come from the backup file. Its paired devices take it back without pairing when the backup holds the hub’s key.
      </p>
      <form className="fields backup-fields" aria-label="Backup file" onSubmit={inspect}>
        <label>
          Backup file on this computer
          <input
            value={file}
            placeholder="for example: /media/usb/venue-backup.venue-backup"
            onChange={(e) => (setFile(e.target.value), setSummary(null))}
          />
        </label>
        <div className="actions">
          <button type="button" onClick={onBack} disabled={check.busy || restore.busy}>
            Back
          </button>
          <button type="submit" className={summary ? undefined : 'primary'} disabled={!file.trim() || check.busy}>
            Check the backup
          </button>
        </div>
      </form>
      <Problem text={checkProblem?.text ?? null} detail={checkProblem?.detail} />
      {summary && (
        <div className="restore-summary" data-testid="restore-summary">
          <dl className="facts">
            <dt>Made</dt>
            <dd>
              {dayTime(summary.createdAt, timezone)} by release {summary.writtenBy}
            </dd>
            <dt>Holds</dt>
            <dd>{backupFacts(summary)}</dd>
            {summary.hubFingerprint && (
              <>
                <dt>Hub certificate</dt>
                <dd>
                  <code className="fingerprint">{summary.hubFingerprint}</code>
                </dd>
              </>
            )}
          </dl>
          {summary.leftOutSentence && <p className="warning">{summary.leftOutSentence}</p>}
          {summary.secrets === 'sealed' && (
            <div className="fields backup-fields">
              {!withoutSecrets && (
                <label>
                  The backup’s passphrase
                  <input
                    type="password"
                    autoComplete="off"
                    value={passphrase}
                    onChange={(e) => setPassphrase(e.target.value)}
                  />
                </label>
              )}
              <label className="check-row">
                <input type="checkbox" checked={withoutSecrets} onChange={(e) => setWithoutSecrets(e.target.checked)} />
                Restore without the secrets (the passphrase is lost): enter them again, and pair every device anew
              </label>
            </div>
          )}
          <div className="actions">
            <button className="primary" type="button" onClick={start} disabled={needsPassphrase || restore.busy}>
              {restore.busy ? 'Restoring…' : 'Restore this venue'}
            </button>
          </div>
          <Problem text={restoreProblem?.text ?? null} detail={restoreProblem?.detail} />
        </div>
      )}
    </section>
  );
}

function Restored({ done }: { done: RestoreDone }) {
  const request = useAction();
  return (
    <section className="card" aria-label="Start again">
      <h2>Restored: start again to open the venue</h2>
      <p role="status" data-testid="restore-done">
        {done.hubIdentityRestored
          ? 'The venue is restored with the hub’s identity: its paired devices take it back without pairing (tell each its new address if it moved).'
          : 'The venue is restored.'}{' '}
        {done.secretsRestored ? 'Its service secrets are back in this computer’s secret store.' : ''}
      </p>
      {done.leftOutSentence && <p className="warning">{done.leftOutSentence}</p>}
      {done.canRestart ? (
        <div className="actions">
          <button className="primary" type="button" onClick={() => void request.run(() => api().setupRestart())}>
            Restart now
          </button>
        </div>
      ) : (
        <p className="warning" role="status">
          Stop the host (Ctrl+C where it runs) and start it again the same way: it opens on the restored venue.
        </p>
      )}
      <Problem text={request.error} detail={request.detail} />
    </section>
  );
}
