// The HTTP listener on 127.0.0.1 that receives the browser at the end of a sign-in
// (the redirect_url). It exists only while one flow is waiting, answers only GET /callback,
// and hands the first callback to its owner; everything else gets a 404.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notFoundPage, signInFailedPage } from './sign-in-pages';
import { errorMessage } from '../../../shared/errors';

export const CALLBACK_PATH = '/callback';

export interface CallbackAnswer {
  status: number;
  html: string;
  /** Runs once the page has been sent, so the browser gets it before the listener closes. */
  afterSend?: () => void;
}

export interface LoopbackListenerOptions {
  /** 0 picks a free port. */
  port: number;
  onCallback: (query: URLSearchParams) => Promise<CallbackAnswer>;
}

export interface LoopbackListener {
  readonly port: number;
  readonly redirectUrl: string;
  /** Stops listening and drops open connections; resolves once the port is released. */
  close(): Promise<void>;
}

export async function openLoopbackListener(options: LoopbackListenerOptions): Promise<LoopbackListener> {
  let handled = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (answer: CallbackAnswer) => {
      res.writeHead(answer.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The browser must not keep a connection to a listener that is about to go away.
        connection: 'close',
        'referrer-policy': 'no-referrer',
      });
      res.end(answer.html, () => answer.afterSend?.());
    };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      send({ status: 404, html: notFoundPage() });
      return;
    }
    // A reload of the callback page, or a second tab, must not run the code exchange twice.
    if (handled) {
      send({ status: 409, html: signInFailedPage('This sign-in has already been answered.') });
      return;
    }
    handled = true;
    options
      .onCallback(url.searchParams)
      .then(send, (error: unknown) => send({ status: 500, html: signInFailedPage(errorMessage(error)) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    port,
    redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // A browser holding a connection open (favicon, keep-alive) must not keep the port bound.
        setImmediate(() => server.closeAllConnections());
      });
      return closing;
    },
  };
}
