// The PIN pad warns before it locks: the third and fourth wrong PINs say how many tries are left
// (the core's count, LOCKOUT_AFTER in electron/core/labor/sessions.ts), in English and in Spanish,
// and the fifth locks the pad as before.
import { test, expect } from './fixtures';
import { enterPin, openKiosk } from './kiosk-steps';
import { shootBothSizes } from './both-sizes';

test('wrong PINs say "2 tries left", then "1 try left", then the pad locks', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  const message = page.getByTestId('pad-message');
  await enterPin(page, '0000');
  await expect(message).toHaveText('That PIN is not recognised.');
  await enterPin(page, '0001');
  await expect(message).toHaveText('That PIN is not recognised.');
  await enterPin(page, '0002');
  await expect(message).toHaveText('That PIN is not recognised. 2 tries left before the pad locks.');
  await enterPin(page, '0003');
  await expect(message).toHaveText('That PIN is not recognised. 1 try left before the pad locks.');
  await shootBothSizes(page, 'kiosk-pin-tries-left');
  await enterPin(page, '0004');
  await expect(page.getByText(/Too many wrong PINs/).first()).toBeVisible();
});

test('in Spanish: "Quedan 2 intentos", then "Queda 1 intento"', async ({ page, app }) => {
  await openKiosk(page, app.host.url);
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Ingrese su PIN' })).toBeVisible();
  const message = page.getByTestId('pad-message');
  for (const pin of ['0000', '0001', '0002']) await enterPin(page, pin, 'Entrar: ingresar PIN');
  await expect(message).toHaveText('Ese PIN no se reconoce. Quedan 2 intentos antes de que el teclado se bloquee.');
  await enterPin(page, '0003', 'Entrar: ingresar PIN');
  await expect(message).toHaveText('Ese PIN no se reconoce. Queda 1 intento antes de que el teclado se bloquee.');
});
