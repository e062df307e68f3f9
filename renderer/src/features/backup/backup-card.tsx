// Settings → Backups: one file with the whole venue, made now by the manager signed in here or by
// the app once a day, its secrets (the service's, the hub's key) sealed with a passphrase the
// manager types or left out, said plainly either way.
import { useState, type FormEvent } from 'react';
import type { BackupMade } from '../../../../shared/backup';
import { dayTime } from '../../../../shared/time';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { Problem } from '../../components/problem';
import { StaffProblem } from '../../components/staff-problem';
import { backupFacts, backupProblemWords, sizeText } from './backup-words';
import { DailyBackupSettings } from './daily-backup-settings';
import './backup.css';

export function BackupCard() {
  const view = useRequest(() => api().backupView(), []);
  const timezone = useVenueZone();
  const make = useAction();
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [leaveOut, setLeaveOut] = useState(false);
  const [made, setMade] = useState<BackupMade | null>(null);
  const mismatch = !leaveOut && again !== '' && passphrase !== again;
  const ready = leaveOut || (passphrase !== '' && passphrase === again);
  const latest = view.data?.files[0] ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void make.run(async () => {
      const result = await api().backupMake({ passphrase: leaveOut ? null : passphrase });
      setMade(result);
      setPassphrase('');
      setAgain('');
      view.reload();
    });
  };
  const problem = backupProblemWords(make.payload, make.error);

  return (
    <section className="card backup-card" aria-label="Backups">
      <h2>Backups</h2>
      <p className="hint">
        One file holds the whole venue: staff and PINs, paired devices, punches waiting or held, the webhook event log
        and the practice venue. A new computer restores it on its first start (or with{' '}
        <code>npm run host -- --restore FILE</code>), and the paired devices take the hub back without pairing.
      </p>
      {view.data && (
        <dl className="facts">
          <dt>Folder</dt>
          <dd>
            <code data-testid="backup-folder">{view.data.folder}</code>
          </dd>
          <dt>Latest</dt>
          <dd data-testid="backup-latest">
            {latest
              ? `${dayTime(latest.at, timezone)} · ${sizeText(latest.bytes)} · ${latest.daily ? 'daily' : 'made by a manager'}`
              : 'none yet'}
          </dd>
          <dt>Every day</dt>
          <dd>
            {`One backup, the last ${view.data.keep} kept; `}
            {view.data.dailySealed
              ? 'the secrets sealed with the passphrase a manager set for them.'
              : 'the secrets left out (set a passphrase for them below).'}
          </dd>
        </dl>
      )}
      {view.data?.dailyProblem && <Problem text="The last daily backup failed." detail={view.data.dailyProblem} />}
      <StaffProblem message={view.error} />
      <form className="fields backup-fields" aria-label="Make a backup now" onSubmit={submit}>
        {!leaveOut && (
          <>
            <label>
              Passphrase for the secrets
              <input
                type="password"
                autoComplete="new-password"
                value={passphrase}
                onChange={(e) => setPassphrase(e.target.value)}
              />
            </label>
            <label>
              The passphrase again
              <input
                type="password"
                autoComplete="new-password"
                value={again}
                aria-invalid={mismatch}
                onChange={(e) => setAgain(e.target.value)}
              />
            </label>
            <p className="hint">
              It seals the service secrets and the hub’s key in the file. Keep it somewhere safe: a restore asks for it,
              and nobody can recover it.
            </p>
          </>
        )}
        <label className="check-row">
          <input type="checkbox" checked={leaveOut} onChange={(e) => setLeaveOut(e.target.checked)} />
          Leave the secrets out: after a restore, enter them again and pair every device anew
        </label>
        <div className="actions">
          <button className="primary" type="submit" disabled={!ready || make.busy}>
            {make.busy ? 'Making the backup…' : 'Make a backup now'}
          </button>
          {mismatch && <span className="hint">The two passphrases differ.</span>}
        </div>
      </form>
      {made && (
        <div role="status" data-testid="backup-made">
          <p className="good-text">
            Backup written: <code>{made.path}</code> ({sizeText(made.bytes)}) — {backupFacts(made)}.
          </p>
          {made.leftOutSentence && <p className="warning">{made.leftOutSentence}</p>}
        </div>
      )}
      <Problem text={problem?.text ?? null} detail={problem?.detail} />
      {view.data && <DailyBackupSettings view={view.data} onSaved={view.set} />}
    </section>
  );
}
