// What a screen does when the host's data comes in an order or a shape it did not expect: a
// board pushed before the first snapshot's answer (a loaded machine), and a push no screen can
// draw, which an error boundary contains to its own part of the screen and reports to the log.
import type { Page } from '@playwright/test';
import { SEED_LOCATIONS } from '../../electron/sandbox';
import { SCREEN_ERROR_LINE } from '../../electron/core/screen-error-log';
import { expect, startApp, stopApp, test } from './fixtures';
import { shootBothSizes, WORKSTATION } from './both-sizes';
import { done, enterPin } from './kiosk-steps';

const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen', timezone: 'America/New_York' };

/**
 * The page's bridge to the host, passed through frame by frame; `hold(channel)` keeps that
 * request's answer back until `release()`, as a slow host would.
 */
async function relay(page: Page) {
  let held: { channel: string; ids: Set<number>; frames: string[] } | null = null;
  let toPage: ((frame: string) => void) | null = null;
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    toPage = (frame) => ws.send(frame);
    ws.onMessage((frame) => {
      const text = String(frame);
      const m = JSON.parse(text) as { id?: number; channel?: string };
      if (held && m.channel === held.channel && typeof m.id === 'number') held.ids.add(m.id);
      server.send(text);
    });
    server.onMessage((frame) => {
      const text = String(frame);
      const m = JSON.parse(text) as { id?: number };
      if (held && typeof m.id === 'number' && held.ids.has(m.id)) held.frames.push(text);
      else ws.send(text);
    });
  });
  return {
    hold(channel: string) {
      held = { channel, ids: new Set(), frames: [] };
    },
    heldCount: () => held?.frames.length ?? 0,
    release() {
      const frames = held?.frames ?? [];
      held = null;
      for (const f of frames) toPage?.(f);
    },
    /** A frame as if the host had sent it. */
    push(frame: unknown) {
      toPage?.(JSON.stringify(frame));
    },
  };
}

test('the kiosk draws a board pushed before its snapshot; a board it cannot draw fails alone, logged', async ({
  page,
}) => {
  const app = await startApp();
  try {
    await app.core.handlers.laborSetLocation(null, HARBOUR);
    const bridge = await relay(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // A loaded machine: the board's push overtakes the first snapshot's answer. The kiosk draws it
    // (a store read that answered anew on every read once redrew without end: a blank page).
    bridge.hold('getSnapshot');
    await page.goto(app.host.url);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Kiosk', exact: true }).click();
    await expect.poll(() => bridge.heldCount()).toBe(1);
    await app.core.handlers.laborRefreshBoard();
    const board = page.getByRole('region', { name: 'Who is on shift' });
    await expect(board).toBeVisible();
    bridge.release();
    await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();

    // A board the screen cannot draw (a shift start that is a date string, not a time): its card
    // stands in for the board, the pad beside it still punches, and the core's log says what threw.
    const view = await app.core.handlers.laborView();
    const row = { userId: 'u-odd', name: 'Odd Row', role: null, breakStart: null, lastBreakEnd: null, pending: false };
    bridge.push({
      event: 'labor',
      payload: { ...view, board: { ...view.board, rows: [{ ...row, shiftStart: '2026-11-26T09:00:00Z' }] } },
    });
    const failed = page.getByTestId('area-failed');
    await expect(failed).toHaveAttribute('data-area', 'kiosk-board');
    await expect(failed.getByRole('heading')).toHaveText('This part of the screen failed');
    await expect(failed.getByText('Technical details')).toBeVisible();
    await expect(failed.getByText(/RangeError/)).toBeHidden();
    await expect
      .poll(() => app.log!.find((l) => l.startsWith(`${SCREEN_ERROR_LINE} (kiosk-board): RangeError`)))
      .toBeTruthy();
    await shootBothSizes(page, 'screen-part-failed', { leaveAt: WORKSTATION });
    // In the language of whoever is at the pad.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(failed.getByRole('heading')).toHaveText('Esta parte de la pantalla falló');
    await page.getByRole('button', { name: 'English' }).click();

    await enterPin(page, '1111');
    await page
      .getByRole('button', { name: /^Punch in as / })
      .first()
      .click();
    await done(page, /punched in/);
    // The host's own board is good again: "Reload it" draws it, with the punch on it.
    await failed.getByRole('button', { name: 'Reload it' }).click();
    await expect(board.getByTestId('board-row')).toHaveCount(1);

    // What no part catches takes the whole screen, with a way to load it again (a kiosk-mode view
    // without its settings: the kiosk's shell itself cannot be drawn).
    bridge.push({ event: 'labor', payload: { ...view, kioskMode: true, settings: null } });
    const screenFailed = page.getByTestId('screen-failed');
    await expect(screenFailed.getByRole('heading')).toHaveText('The screen failed');
    await expect.poll(() => app.log!.some((l) => l.startsWith(`${SCREEN_ERROR_LINE} (app): TypeError`))).toBe(true);
    await shootBothSizes(page, 'screen-failed', { leaveAt: WORKSTATION });
    await screenFailed.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    // Every failure was caught: the page itself never had an uncaught error.
    expect(pageErrors).toEqual([]);
  } finally {
    await stopApp(app);
  }
});
