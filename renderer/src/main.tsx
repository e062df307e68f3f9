import { createRoot } from 'react-dom/client';
import { App } from './app';
import { getBridge } from './bridge/get-api';
import { setApi } from './api-context';
import { bindToMain } from './binder';
import { useAppStore } from './store';
import { RootBoundary, reportScreenError } from './components/error-boundary';
import './styles.css';

const bridge = getBridge();
setApi(bridge.api);
bindToMain(bridge, useAppStore);
createRoot(document.getElementById('root')!, {
  // Only what even the root boundary could not draw lands here: logged, and still the page's error.
  onUncaughtError: (error, info) => {
    reportScreenError('uncaught', error, info.componentStack ?? null);
    window.reportError(error);
  },
}).render(
  <RootBoundary>
    <App />
  </RootBoundary>,
);
