import { createRoot } from 'react-dom/client';
import { App } from './app';
import { getBridge } from './bridge/get-api';
import { setApi } from './api-context';
import { bindToMain } from './binder';
import { useAppStore } from './store';
import './styles.css';

const bridge = getBridge();
setApi(bridge.api);
bindToMain(bridge, useAppStore);
createRoot(document.getElementById('root')!).render(<App />);
