// Kiosk mode: the kiosk is the whole app. No navigation, no context menu, no text selection, full
// screen; the rest of the app (its settings) is reachable only through the manager area.
import { useEffect } from 'react';
import { useAppStore } from '../../store';
import { SettingsScreen } from '../settings/settings-screen';
import { KioskScreen } from './kiosk-screen';
import { useKioskTextIn } from '../i18n/use-kiosk-text';

export function KioskShell({ onLeaveKioskView }: { onLeaveKioskView?: (managerToken: string) => Promise<void> } = {}) {
  const bridge = useAppStore((s) => s.bridge);
  // Outside anyone's session: the kiosk's own language.
  const { t } = useKioskTextIn(useAppStore((s) => s.labor?.settings.kioskLanguage ?? 'en'));
  useEffect(() => {
    const block = (e: Event) => e.preventDefault();
    // A browser kiosk (headless host) cannot start full screen by itself: the first touch asks.
    const fullScreen = () => {
      if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => {});
    };
    document.addEventListener('contextmenu', block);
    window.addEventListener('pointerdown', fullScreen, { once: true });
    return () => {
      document.removeEventListener('contextmenu', block);
      window.removeEventListener('pointerdown', fullScreen);
    };
  }, []);
  return (
    <main className="k-shell" data-testid="kiosk-shell" aria-label={t('shell.kiosk')}>
      {bridge !== 'open' && (
        <div className="status-bar bad" role="alert">
          {bridge === 'connecting' ? t('shell.starting') : t('shell.lost')}
        </div>
      )}
      <KioskScreen appSettings={<SettingsScreen inManagerArea />} onLeaveKioskView={onLeaveKioskView} />
    </main>
  );
}
