// Error boundaries. A part of the screen that throws while drawing shows a plain card in its place
// ("This part of the screen failed", a way to reload it, the technical text folded away) while the
// rest of the app keeps working; the root one takes whatever no part caught, full screen, with a
// way to reload the page. Every failure is told to the core, which writes it to the app's log.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { KioskLanguage } from '../../../shared/labor';
import { SCREEN_ERROR_LIMITS, type ScreenErrorReport } from '../../../shared/screen-errors';
import { api } from '../api-context';
import { KIOSK_NS, kioskI18n } from '../features/i18n/kiosk-i18n';
import { useKioskLanguage } from '../features/i18n/use-kiosk-text';
import { useAppStore } from '../store';

/** What was thrown, cut to what the contract takes. */
export function screenErrorReport(area: string, error: unknown, componentStack: string | null): ScreenErrorReport {
  const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Thrown: ${safeString(error)}`;
  return {
    area: area.slice(0, SCREEN_ERROR_LIMITS.area),
    message: message.slice(0, SCREEN_ERROR_LIMITS.message),
    stack: cut(error instanceof Error ? error.stack : null, SCREEN_ERROR_LIMITS.stack),
    componentStack: cut(componentStack, SCREEN_ERROR_LIMITS.stack),
  };
}

/** Tells the core's log; a bridge that is down or not set up yet loses only this line. */
export function reportScreenError(area: string, error: unknown, componentStack: string | null): void {
  try {
    void api()
      .reportScreenError(screenErrorReport(area, error, componentStack))
      .catch(() => undefined);
  } catch {
    // No bridge yet: nothing can carry the report.
  }
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
}

/** One part of the screen: when it throws, its card stands in for it and the rest carries on. */
export class AreaBoundary extends Component<{ area: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportScreenError(this.props.area, error, info.componentStack ?? null);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <AreaFailed
        area={this.props.area}
        error={this.state.error}
        onReload={() => this.setState({ failed: false, error: null })}
      />
    );
  }
}

/** The whole app: what no part caught takes the screen, with a way to load it again. */
export class RootBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportScreenError('app', error, info.componentStack ?? null);
  }

  render(): ReactNode {
    return this.state.failed ? <ScreenFailed error={this.state.error} /> : this.props.children;
  }
}

function technical(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : safeString(error);
}

function AreaFailed({ area, error, onReload }: { area: string; error: unknown; onReload(): void }) {
  // Inside the kiosk, the language of whoever is at it; elsewhere English.
  const language = useKioskLanguage();
  const t = kioskI18n.getFixedT(language, KIOSK_NS);
  return (
    <section className="area-failed" role="alert" data-testid="area-failed" data-area={area} lang={language}>
      <h2>{t('failed.title')}</h2>
      <p>{t('failed.body')}</p>
      <button type="button" className="primary" onClick={onReload}>
        {t('failed.reload')}
      </button>
      <TechnicalDetails label={t('failed.details')} error={error} />
    </section>
  );
}

/** The thrown error's technical text, folded away: staff need the card, support needs this. */
function TechnicalDetails({ label, error }: { label: string; error: unknown }) {
  return (
    <details className="problem-details">
      <summary>{label}</summary>
      <code>{technical(error)}</code>
    </details>
  );
}

/** A kiosk's screen speaks the kiosk's language; read without a hook, as the store may be what failed. */
function screenLanguage(): KioskLanguage {
  try {
    const s = useAppStore.getState();
    const kiosk =
      s.labor?.kioskMode === true ||
      s.labor?.kioskView === true ||
      (s.satellite?.mode === 'satellite' && s.satellite.role === 'kiosk');
    const language = s.labor?.settings?.kioskLanguage;
    return kiosk && (language === 'en' || language === 'es') ? language : 'en';
  } catch {
    return 'en';
  }
}

function ScreenFailed({ error }: { error: unknown }) {
  const language = screenLanguage();
  const t = kioskI18n.getFixedT(language, KIOSK_NS);
  return (
    <main className="screen-failed" data-testid="screen-failed" lang={language}>
      <section className="card" role="alert">
        <h1>{t('failed.screenTitle')}</h1>
        <p>{t('failed.screenBody')}</p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {t('failed.screenReload')}
        </button>
        <TechnicalDetails label={t('failed.details')} error={error} />
      </section>
    </main>
  );
}
