// The back office's page: served by the office process (`npm run office`), not by a hub. It reads
// the office's read models over plain HTTP and reads again whenever the office says they changed.
import { createRoot } from 'react-dom/client';
import { OfficePage } from './office-page';
import { watchOffice } from './office-store';
import './office.css';

watchOffice();
createRoot(document.getElementById('root')!).render(<OfficePage />);
