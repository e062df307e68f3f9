// The first start: short questions instead of Settings. What this computer is for, then which
// venue (the practice venue or the venue's real service), asked only of a computer that uses it: a
// device that joins the hub works with the hub's venue, so it is never asked. The hub and a joining
// device end on a restart step, counted from the start, so "Step 2 of 2" is never followed by a
// third. Technical fields (header prefix, redirect port, webhook secret) stay in Settings under
// "Advanced".
import { useState, type FormEvent } from 'react';
import type { SetupChoice, SetupPurpose, SetupRole, SetupView } from '../../../../shared/setup';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';
import { useAppStore } from '../../store';
import { RestoreStep } from './restore-step';

type Use = SetupPurpose | 'hub' | 'join';

const USES: { value: Use; label: string; hint: string; group: 'alone' | 'several' }[] = [
  { value: 'kiosk', group: 'alone', label: 'Kiosk by the staff door', hint: 'Staff punch in and out with their PIN.' },
  { value: 'workstation', group: 'alone', label: 'Bar workstation', hint: 'Tabs, passes and gift cards.' },
  { value: 'manager', group: 'alone', label: "Manager's computer", hint: 'Timesheets, staff, devices and settings.' },
  {
    value: 'hub',
    group: 'several',
    label: 'The venue hub',
    hint: 'One computer that stays on. It keeps the venue’s connection and staff list; the kiosk, bar and manager devices pair with it.',
  },
  {
    value: 'join',
    group: 'several',
    label: 'A device that joins the venue hub',
    hint: 'A manager on the hub shows a pairing code; the hub decides if this is a kiosk, bar or manager device.',
  },
];

function choiceOf(venue: SetupChoice['venue'], use: Use): SetupChoice {
  const role: SetupRole = use === 'hub' || use === 'join' ? use : 'single';
  const purpose: SetupPurpose | null = use === 'join' ? null : use === 'hub' ? 'manager' : use;
  return { venue: use === 'join' ? 'practice' : venue, role, purpose };
}

type Step = 'use' | 'venue' | 'restart';

/** Which step this is, of how many this computer's setup takes: the count shown on screen. */
function stepCount(use: Use | null, step: Step): { at: number; of: number } {
  const steps: Step[] =
    use === 'join' ? ['use', 'restart'] : use === 'hub' ? ['use', 'venue', 'restart'] : ['use', 'venue'];
  return { at: steps.indexOf(step) + 1, of: steps.length };
}

export function FirstStart({ onDone }: { onDone(): void }) {
  const [step, setStep] = useState<Step | 'restore'>('use');
  const [venue, setVenue] = useState<SetupChoice['venue']>('practice');
  const [service, setService] = useState({ baseUrl: '', accessId: '', accessSecret: '' });
  const [use, setUse] = useState<Use | null>(null);
  const [result, setResult] = useState<SetupView | null>(null);
  const request = useAction();
  const navigate = useAppStore((s) => s.navigate);
  const serviceMissing =
    venue === 'service' && (!service.baseUrl.trim() || !service.accessId.trim() || !service.accessSecret);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!use) return;
    if (use === 'join') finish(e);
    else setStep('venue');
  };
  const finish = (e: FormEvent) => {
    e.preventDefault();
    if (!use) return;
    const choice = choiceOf(venue, use);
    void request.run(async () => {
      if (choice.role !== 'join' && venue === 'service')
        await api().saveConnection({
          mode: 'remote',
          baseUrl: service.baseUrl.trim(),
          accessId: service.accessId.trim(),
          accessSecret: service.accessSecret,
        });
      const view = await api().setupChoose(choice);
      if (view.restartNeeded) return (setResult(view), setStep('restart'));
      if (choice.purpose === 'kiosk') {
        navigate('kiosk');
        await api().laborEnterKioskView();
      } else navigate(choice.purpose === 'workstation' ? 'tabs' : 'kiosk');
      onDone();
    });
  };

  return (
    <main className="first-start" aria-labelledby="first-start-title">
      <h1 id="first-start-title">Set up Venue Companion</h1>
      {step !== 'restore' && (
        <p className="first-start-steps" aria-live="polite">
          Step {stepCount(use, step).at} of {stepCount(use, step).of}
        </p>
      )}
      {step === 'use' && (
        <form className="card" aria-label="What this computer is for" onSubmit={next}>
          <h2>What is this computer for?</h2>
          {(['alone', 'several'] as const).map((group) => (
            <fieldset className="choice first-start-uses" key={group}>
              <legend>{group === 'alone' ? 'On its own' : 'One venue, several devices'}</legend>
              {USES.filter((u) => u.group === group).map((u) => (
                <label key={u.value}>
                  <input type="radio" name="use" checked={use === u.value} onChange={() => setUse(u.value)} />
                  <span>
                    <strong>{u.label}</strong>
                    <span className="hint"> — {u.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
          {use === 'join' && <p className="hint">A device that joins the hub works with the hub&apos;s venue.</p>}
          <div className="actions">
            <button className="primary" type="submit" disabled={!use || request.busy}>
              {use === 'join' ? 'Finish setup' : 'Next'}
            </button>
            {!use && <span className="hint">Choose one to go on.</span>}
          </div>
          <Problem text={request.error} detail={request.detail} />
          <div className="actions first-start-restore">
            <span className="hint">A new computer for a venue that already runs?</span>
            <button type="button" onClick={() => setStep('restore')}>
              Restore a backup
            </button>
          </div>
        </form>
      )}
      {step === 'venue' && (
        <form className="card" aria-label="Which venue" onSubmit={finish}>
          <h2>Which venue does this computer work with?</h2>
          <fieldset className="choice">
            <legend className="sr-only">Venue</legend>
            <label>
              <input type="radio" name="venue" checked={venue === 'practice'} onChange={() => setVenue('practice')} />
              <span>
                <strong>The practice venue</strong>
                <span className="hint">
                  {' '}
                  — made-up guests, staff and tabs on this computer; nothing real is charged.
                </span>
              </span>
            </label>
            <label>
              <input type="radio" name="venue" checked={venue === 'service'} onChange={() => setVenue('service')} />
              <span>
                <strong>Our real service</strong>
                <span className="hint"> — with the access id and secret from the service&apos;s dashboard.</span>
              </span>
            </label>
          </fieldset>
          {venue === 'service' && (
            <div className="fields">
              <label>
                Service address
                <input
                  value={service.baseUrl}
                  placeholder="for example: https://api.example.com"
                  onChange={(e) => setService({ ...service, baseUrl: e.target.value })}
                />
              </label>
              <label>
                Access id
                <input
                  value={service.accessId}
                  autoComplete="off"
                  onChange={(e) => setService({ ...service, accessId: e.target.value })}
                />
              </label>
              <label>
                Access secret
                <input
                  type="password"
                  value={service.accessSecret}
                  autoComplete="off"
                  onChange={(e) => setService({ ...service, accessSecret: e.target.value })}
                />
              </label>
              <p className="hint">Header prefix, redirect port and webhooks are in Settings → Advanced, later.</p>
            </div>
          )}
          <div className="actions">
            <button type="button" onClick={() => setStep('use')} disabled={request.busy}>
              Back
            </button>
            <button className="primary" type="submit" disabled={serviceMissing || request.busy}>
              Finish setup
            </button>
            {serviceMissing && <span className="hint">Fill in the service address, access id and secret.</span>}
          </div>
          <Problem text={request.error} detail={request.detail} />
        </form>
      )}
      {step === 'restore' && <RestoreStep onBack={() => setStep('use')} />}
      {step === 'restart' && result && <RestartStep view={result} />}
    </main>
  );
}

function RestartStep({ view }: { view: SetupView }) {
  const request = useAction();
  const hub = view.choice?.role === 'hub';
  return (
    <section className="card" aria-label="Start again">
      <h2>{hub ? 'Almost done: start as the venue hub' : 'Almost done: join the venue hub'}</h2>
      <p>
        {hub
          ? 'This computer becomes the venue hub when it starts again. Then, in the manager area, open Devices to pair the kiosk, the bar and the managers’ devices.'
          : 'When it starts again, this computer shows the pairing screen: find the hub or type its address, compare the code on both screens, and enter the pairing code.'}
      </p>
      {view.canRestart ? (
        <div className="actions">
          <button className="primary" type="button" onClick={() => void request.run(() => api().setupRestart())}>
            Restart now
          </button>
        </div>
      ) : (
        <p className="warning" role="status" data-testid="setup-restart">
          Stop the host (Ctrl+C where it runs) and start it again the same way, for example <code>npm run host</code>.
        </p>
      )}
      <Problem text={request.error} detail={request.detail} />
    </section>
  );
}
