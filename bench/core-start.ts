// The app's core started in this process (createApp + start, the embedded sandbox included): the
// restart our code controls, without the seconds a child process spends starting Node and
// transpiling TypeScript with tsx (a packaged app runs built JavaScript).
import { createApp } from '../electron/host/create-app';
import { wallNow } from './stats';

export async function coreStartMs(dataDir: string): Promise<number> {
  const t0 = wallNow();
  const app = await createApp({ dataDir, runtime: 'headless' });
  await app.start();
  const ms = wallNow() - t0;
  await app.stop();
  return ms;
}
