// The clock-in kiosk: identify (PIN pad or name), act (punch in/out, breaks, tips), see it saved,
// back to the pad. The live board stays visible beside it. A manager PIN opens the manager area.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { KioskLanguage, PunchInput, PunchReceipt, StaffCard, StaffSession } from '../../../../shared/labor';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { Confirmation } from './confirmation';
import { KioskHeader } from './kiosk-header';
import { LiveBoard } from './live-board';
import { LocationPicker } from './location-picker';
import { useManagerComputer } from './use-manager-computer';
import { ManagerArea } from './manager/manager-area';
import { ManagerSetup } from './manager/manager-setup';
import { NamePicker } from './name-picker';
import { PersonPanel } from './person-panel';
import { PinPad, type PadLock, type PadState } from './pin-pad';
import { useIdle } from './use-idle';
import { useAction } from '../../hooks/use-action';
import { BreakOverride } from './break-override';
import { EarlyPunchPrompt } from '../schedule/early-punch-prompt';
import { isAppError } from '../../../../shared/app-error';
import { errorPayload } from '../../../../shared/errors';
import { failureDecides } from '../../hooks/once-request';
import { KioskLanguageProvider, useKioskTextIn } from '../i18n/use-kiosk-text';
import { kioskErrorWords } from '../i18n/kiosk-error-words';
import { LanguageToggle } from './language-toggle';
import { AreaBoundary } from '../../components/error-boundary';
import './kiosk.css';

type Mode =
  | { kind: 'pad' }
  | { kind: 'names' }
  | { kind: 'name-pin'; card: StaffCard }
  | { kind: 'person'; session: StaffSession }
  | { kind: 'confirm'; receipt: PunchReceipt; tips: number | null; offline: boolean }
  | { kind: 'manager-pin' }
  | { kind: 'manager-setup' }
  | { kind: 'manager'; session: StaffSession }
  | { kind: 'break-override'; session: StaffSession; minimumMinutes: number; endsAt: number }
  | ({ kind: 'early-punch'; session: StaffSession; input: Omit<PunchInput, 'punchId'> } & EarlyPunchData);

/** What the hub said of a punch-in before the schedule allows it (shared/app-error.ts). */
type EarlyPunchData = { minutesEarly: number; startsAt: number; allowedFrom: number; managerMay: boolean };

const MANAGER_IDLE_SECONDS = 180;

/** The punch whose outcome is unknown: what was asked, and when a check last found no answer. */
type UnknownPunch = { input: Omit<PunchInput, 'punchId'>; detail: string | null; checkedAt: string | null };

export function KioskScreen({
  appSettings,
  onLeaveKioskView,
  onKioskView,
}: {
  appSettings?: ReactNode;
  onLeaveKioskView?: (managerToken: string) => Promise<void>;
  onKioskView?: () => Promise<void>;
}) {
  const labor = useAppStore((s) => s.labor);
  // A satellite without its hub: staff punch against its copy of the roster, managers need the hub.
  const hubAway = useAppStore((s) => s.satellite?.mode === 'satellite' && s.satellite.link !== 'connected');
  const managerComputer = useManagerComputer();
  const [mode, setMode] = useState<Mode>({ kind: 'pad' });
  // The language one person picked at the pad: theirs until the kiosk is back at the pad for the next.
  const [personLanguage, setPersonLanguage] = useState<KioskLanguage | null>(null);
  const language = personLanguage ?? labor?.settings.kioskLanguage ?? 'en';
  const text = useKioskTextIn(language);
  const { t, time } = text;
  const request = useAction();
  const setRequestError = request.setError;
  const problem = request.payload && request.error ? kioskErrorWords(t, request.payload, request.error) : request.error;
  // The id of the punch being attempted: a retry after a lost answer reuses it, so the core
  // captures it once even if the first call did get through.
  const attempt = useRef<{ key: string; id: string } | null>(null);
  // A punch whose answer was lost on the way (the host's socket closed while it was out): shown as
  // an unknown outcome until "Check again" (the same punch, the same id) decides it.
  const [unknownPunch, setUnknownPunch] = useState<UnknownPunch | null>(null);

  const backToPad = useCallback(() => {
    if (
      mode.kind === 'person' ||
      mode.kind === 'manager' ||
      mode.kind === 'break-override' ||
      mode.kind === 'early-punch'
    )
      void api()
        .laborEndSession(mode.session.token)
        .catch(() => {});
    attempt.current = null;
    setUnknownPunch(null);
    setRequestError(null);
    setPersonLanguage(null);
    setMode({ kind: 'pad' });
  }, [mode, setRequestError]);

  const idleSeconds = mode.kind === 'manager' ? MANAGER_IDLE_SECONDS : (labor?.settings.idleSeconds ?? 30);
  // A language picked at the pad by someone who then walked away goes back to the kiosk's too.
  useIdle((mode.kind !== 'pad' && mode.kind !== 'confirm') || personLanguage !== null, idleSeconds, backToPad);

  if (!labor)
    return (
      <section className="screen">
        <p className="empty">{t('shell.loading')}</p>
      </section>
    );
  if (!labor.location) {
    return (
      <KioskLanguageProvider language={language}>
        <div className="k-screen" lang={language}>
          <LocationPicker
            token={null}
            forManager={managerComputer}
            onDone={
              managerComputer
                ? () => setMode(labor.needsManagerSetup ? { kind: 'manager-setup' } : { kind: 'manager-pin' })
                : undefined
            }
          />
        </div>
      </KioskLanguageProvider>
    );
  }
  const { location } = labor;
  // The lock this screen knows of: the pad's own (for everyone, pushed with the view) or the one
  // the last PIN met (a named person's), whichever ends later.
  const errorLock: PadLock | null = request.payload?.kind === 'locked-out' ? request.payload.data : null;
  const padLock: PadLock | null = labor.padLockedUntil ? { until: labor.padLockedUntil, userId: null } : null;
  const lock = errorLock && (!padLock || errorLock.until > padLock.until) ? errorLock : padLock;
  const nameOf = (userId: string) => labor.staff.find((s) => s.userId === userId)?.name ?? null;
  // A parked punch-in is on the board but not a shift the core can end or break: the person's
  // panel offers what the core will take (a punch-in), as it did before the board showed it.
  const rowOf = (userId: string) => labor.board.rows.find((r) => r.userId === userId && !r.parked) ?? null;

  const identify = async (input: { pin: string } | { userId: string; pin?: string }, asManager = false) => {
    const refused = await request.run(async () => {
      const session = await api().laborIdentify(input);
      if (asManager && !session.manager) {
        await api().laborEndSession(session.token);
        return true;
      }
      if (!asManager) rememberLanguage(session);
      setMode(asManager ? { kind: 'manager', session } : { kind: 'person', session });
      return false;
    });
    if (refused) request.setError(t('pad.notManager'));
  };

  // The kiosk remembers each person's language: one picked at the pad before signing in becomes
  // theirs; otherwise the kiosk speaks the one they last picked.
  const rememberLanguage = (session: StaffSession) => {
    const remembered = labor.staff.find((s) => s.userId === session.userId)?.language ?? null;
    if (personLanguage !== null) {
      if (personLanguage !== remembered)
        void api()
          .laborRememberLanguage(session.token, personLanguage)
          .catch(() => {});
    } else if (remembered !== null) setPersonLanguage(remembered);
  };

  const pickName = (card: StaffCard) => {
    if (card.hasPin && labor.settings.nameTapNeedsPin) setMode({ kind: 'name-pin', card });
    else void identify({ userId: card.userId });
  };

  // `answering`: a first press, or "Check again" after an unknown outcome (the same key, so the same id).
  const punch = (session: StaffSession, input: Omit<PunchInput, 'punchId'>, answering: 'first' | 'check' = 'first') =>
    request.run(async () => {
      const key = `${session.userId}:${input.action}:${input.role?.role ?? ''}:${input.declaredTipsCents ?? ''}:${input.tipsCardCents ?? ''}`;
      if (attempt.current?.key !== key) attempt.current = { key, id: crypto.randomUUID() };
      let receipt: PunchReceipt;
      try {
        receipt = await api().laborPunch(session.token, { ...input, punchId: attempt.current.id });
      } catch (error) {
        const problem = errorPayload(error);
        if (!failureDecides(problem, answering)) {
          const at = time(Date.now(), labor?.location?.timezone ?? null);
          setUnknownPunch((was) => ({
            input,
            detail: was?.detail ?? problem.message,
            checkedAt: answering === 'check' ? at : null,
          }));
          return;
        }
        // Refused for good: the next press is a new punch with a new id.
        attempt.current = null;
        setUnknownPunch(null);
        // Before the schedule allows: the prompt says how early, and a manager here may allow it.
        if (isAppError(error, 'punch-too-early'))
          return setMode({ kind: 'early-punch', session, input, ...error.data });
        if (!isAppError(error, 'break-too-short')) throw error;
        setMode({ kind: 'break-override', session, ...error.data });
        return;
      }
      attempt.current = null;
      setUnknownPunch(null);
      void api()
        .laborEndSession(session.token)
        .catch(() => {});
      setMode({
        kind: 'confirm',
        receipt,
        tips: input.declaredTipsCents ?? null,
        offline: labor.outbox.state === 'offline' || labor.board.error !== null,
      });
    });

  // A manager's PIN at this kiosk lets a break end before its minimum; their session ends at once.
  const allowBreakEnd = (session: StaffSession, pin: string) =>
    request
      .run(async () => {
        const manager = await api().laborIdentify({ pin });
        try {
          if (manager.manager) await punch(session, { action: 'break-end', managerToken: manager.token });
          return manager.manager;
        } finally {
          void api()
            .laborEndSession(manager.token)
            .catch(() => {});
        }
      })
      .then((allowed) => {
        if (allowed === false) request.setError(t('pad.notManager'));
      });

  // A manager's PIN at this kiosk lets an early punch-in through; the hub notes who allowed it.
  const allowEarly = (session: StaffSession, input: Omit<PunchInput, 'punchId'>, pin: string) =>
    request
      .run(async () => {
        const manager = await api().laborIdentify({ pin });
        try {
          if (manager.manager) await punch(session, { ...input, managerToken: manager.token });
          return manager.manager;
        } finally {
          void api()
            .laborEndSession(manager.token)
            .catch(() => {});
        }
      })
      .then((allowed) => {
        if (allowed === false) request.setError(t('pad.notManager'));
      });

  const openManager = () => {
    // A staff list that existed but cannot be read is never a first run: no set-up is offered.
    if (labor.rosterError) return request.setError(labor.rosterError);
    request.setError(null);
    setMode(labor.needsManagerSetup ? { kind: 'manager-setup' } : { kind: 'manager-pin' });
  };

  if (mode.kind === 'manager') {
    return (
      <div className="k-screen">
        <AreaBoundary area="kiosk-manager">
          <ManagerArea
            session={mode.session}
            labor={labor}
            appSettings={appSettings}
            onClose={backToPad}
            onLeaveKioskView={
              onLeaveKioskView &&
              (() =>
                void request.run(async () => {
                  await onLeaveKioskView(mode.session.token);
                  backToPad();
                }))
            }
          />
        </AreaBoundary>
      </div>
    );
  }

  const pad: PadState = { busy: request.busy, error: problem, lock, timezone: location.timezone, nameOf };
  let panel: ReactNode;
  switch (mode.kind) {
    case 'pad':
      panel = labor.rosterError ? (
        <div className="k-roster-error" role="alert" data-testid="roster-error">
          <h2 className="k-pad-title">{t('pad.cannotPunch')}</h2>
          <p className="k-pad-message">{labor.rosterError}</p>
        </div>
      ) : (
        <>
          {labor.practicePinsRemoved && (
            <p className="k-pad-message" role="status" data-testid="practice-pins-removed">
              {t('pad.practicePinsRemoved')}
            </p>
          )}
          <PinPad title={t('pad.enterPin')} {...pad} onSubmit={(pin) => void identify({ pin })} />
          <div className="k-pad-links">
            <button type="button" className="k-link k-link-strong" onClick={() => setMode({ kind: 'names' })}>
              {t('pad.orTapName')}
            </button>
            <LanguageToggle language={language} onSwitch={(next) => setPersonLanguage(next)} />
          </div>
        </>
      );
      break;
    case 'names':
      panel = (
        <NamePicker
          staff={labor.staff}
          rows={labor.board.rows}
          onPick={pickName}
          onBack={() => setMode({ kind: 'pad' })}
        />
      );
      break;
    case 'name-pin':
      panel = (
        <PinPad
          title={t('pad.namePin', { name: mode.card.name })}
          {...pad}
          onSubmit={(pin) => void identify({ userId: mode.card.userId, pin })}
          onCancel={backToPad}
        />
      );
      break;
    case 'person':
      panel = (
        <PersonPanel
          session={mode.session}
          row={rowOf(mode.session.userId)}
          timezone={location.timezone}
          busy={request.busy}
          error={problem}
          onPunch={(input) => void punch(mode.session, input)}
          breakPreset={labor.settings.breakPreset}
          unknown={
            unknownPunch && {
              detail: unknownPunch.detail,
              checkedAt: unknownPunch.checkedAt,
              onCheck: () => void punch(mode.session, unknownPunch.input, 'check'),
            }
          }
          onDone={backToPad}
        />
      );
      break;
    case 'confirm':
      panel = (
        <Confirmation
          receipt={mode.receipt}
          tipsCents={mode.tips}
          offline={mode.offline}
          timezone={location.timezone}
          locationName={location.name}
          printSlip={labor.settings.printSlip}
          onDone={backToPad}
        />
      );
      break;
    case 'manager-pin':
      panel = hubAway ? (
        <section className="k-pad" aria-label={t('pad.managerPin')} data-testid="manager-needs-hub">
          <h2 className="k-pad-title">{t('needsHub.title')}</h2>
          <p className="k-pad-message" role="alert">
            {t('needsHub.text')}
          </p>
          <button type="button" className="k-link" onClick={backToPad}>
            {t('needsHub.back')}
          </button>
        </section>
      ) : (
        <PinPad
          title={t('pad.managerPin')}
          hint={t('pad.managerHint')}
          {...pad}
          onSubmit={(pin) => void identify({ pin }, true)}
          onCancel={backToPad}
        />
      );
      break;
    case 'break-override':
      panel = (
        <BreakOverride
          name={mode.session.name}
          minimumMinutes={mode.minimumMinutes}
          endsAt={mode.endsAt}
          {...pad}
          onManagerPin={(pin) => void allowBreakEnd(mode.session, pin)}
          onCancel={backToPad}
        />
      );
      break;
    case 'early-punch':
      panel = (
        <EarlyPunchPrompt
          name={mode.session.name}
          minutesEarly={mode.minutesEarly}
          startsAt={mode.startsAt}
          allowedFrom={mode.allowedFrom}
          managerMay={mode.managerMay}
          {...pad}
          onManagerPin={(pin) => void allowEarly(mode.session, mode.input, pin)}
          onCancel={backToPad}
        />
      );
      break;
    case 'manager-setup':
      panel = <ManagerSetup onDone={(session) => setMode({ kind: 'manager', session })} onCancel={backToPad} />;
      break;
  }

  return (
    <KioskLanguageProvider language={language}>
      <div className="k-screen" lang={language}>
        <AreaBoundary area="kiosk-header">
          <KioskHeader
            location={location}
            outbox={labor.outbox}
            onManager={openManager}
            onSyncNow={() => void api().laborSyncNow()}
            onKioskView={onKioskView && (() => void request.run(onKioskView))}
          />
        </AreaBoundary>
        {/* The pad and the board fail apart: punching goes on beside a board that cannot be drawn. */}
        <div className="k-main">
          <div className="k-left">
            <AreaBoundary area={`kiosk-${mode.kind}`} key={mode.kind}>
              {panel}
            </AreaBoundary>
          </div>
          <div className="k-right">
            <AreaBoundary area="kiosk-board">
              <LiveBoard
                board={labor.board}
                settings={labor.settings}
                timezone={location.timezone}
                offline={labor.outbox.state === 'offline'}
                parked={labor.outbox.failed + labor.outbox.blocked}
              />
            </AreaBoundary>
          </div>
        </div>
      </div>
    </KioskLanguageProvider>
  );
}
