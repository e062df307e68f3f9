// A joining device reads the hub's pairing QR code with its camera. A real hub (loopback, no mDNS)
// shows its code; the joining device's Chromium has a fake camera whose picture is that very QR
// image, taken from the hub's screen. Before it, a camera that sees only half of the code, and then
// a QR code that is not the hub's: the screen says so and keeps looking. No scan leaves the camera
// on, and a browser without a camera says so. A scan connects to nothing: the person presses
// Check this hub, and the device pairs once a manager allows it on the hub.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { allowOnHub, openCode, openHubDevices, processes } from './hub-processes';
import { imageFrame, launchWithCamera, qrFrame, recordCameraStreams, writeCameraFile } from './fake-camera';
import { shootBothSizes, WORKSTATION } from './both-sizes';

// Opening Chromium's fake camera and decoding its frames is CPU work: on a busy machine it takes
// many seconds, so what waits on the camera is bounded only against a hang.
const CAMERA = { timeout: 90_000 };

const run = processes();
test.afterAll(() => run.stopAll());

test("the pair screen fills in from the camera's view of the hub's QR code, and pairs", async ({ browser }) => {
  // Four processes and two browsers, bounded against a hang as the first-start tests are.
  test.setTimeout(300_000);
  // A host's sign-in address works in one browser only: the browser without a camera gets its own.
  const [hub, joining, cameraless] = await Promise.all([
    run.host(['--hub', '--hub-host', '127.0.0.1', '--hub-port', '0', '--no-mdns']),
    run.host(['--satellite-setup']),
    run.host(['--satellite-setup']),
  ]);
  const hubAddress = `127.0.0.1:${/satellites pair at port (\d+)/.exec(hub.err())![1]}`;
  const scan = (page: import('@playwright/test').Page) =>
    page.getByRole('button', { name: "Scan the hub's QR code" }).click();

  // A browser with no camera: the screen says so, and pasting stays the way.
  const noCamera = await browser.newPage();
  await noCamera.goto(cameraless.url);
  await scan(noCamera);
  await expect(noCamera.getByTestId('camera-problem')).toContainText(/paste the pairing data/i);
  await expect(noCamera.getByLabel("Or paste the pairing data from the hub's QR code")).toBeEditable();
  await noCamera.close();

  const hubPage = await openHubDevices(browser, hub.url);
  const code = await openCode(hubPage, 'workstation');
  const fingerprint = (await hubPage.locator('.hub-fingerprint').textContent())!;
  const qrImage = 'img[alt^="QR code with the hub address"]';
  const hubQr = await imageFrame(hubPage, qrImage);
  // Half out of the picture: two of its three corner squares are not seen, so it cannot be read yet.
  const hubQrComing = await imageFrame(hubPage, qrImage, 0.5);

  const cameraFile = join(run.folder(), 'camera.y4m');
  writeCameraFile(cameraFile, hubQrComing);
  const cameraBrowser = await launchWithCamera(cameraFile);
  try {
    const page = await cameraBrowser.newPage({ viewport: WORKSTATION });
    const liveTracks = await recordCameraStreams(page);
    await page.goto(joining.url);

    // The camera on, the code not yet wholly in view: the scanning view ("Point the camera" shows
    // once the preview plays).
    await scan(page);
    await expect(page.getByTestId('qr-scanning')).toContainText('Point the camera', CAMERA);
    await shootBothSizes(page, 'pair-scan', { leaveAt: WORKSTATION });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('qr-scanner')).toHaveCount(0);
    await expect.poll(liveTracks).toBe(0);

    // A QR code that is not the hub's: said plainly, and the camera keeps looking.
    writeCameraFile(cameraFile, qrFrame('https://menu.example/harbour-bar'));
    await scan(page);
    await expect(page.getByTestId('qr-not-pairing')).toContainText("not a hub's pairing code", CAMERA);
    expect(await liveTracks()).toBe(1);
    await expect(page.getByLabel('Hub address')).toHaveValue('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(liveTracks).toBe(0);

    // The hub's own QR code: the fields fill as a paste fills them, and the camera goes off. It
    // connects to nothing until the person presses Check this hub.
    writeCameraFile(cameraFile, hubQr);
    await scan(page);
    await expect(page.getByTestId('qr-filled')).toBeVisible(CAMERA);
    await expect(page.getByTestId('qr-scanner')).toHaveCount(0);
    expect(await liveTracks()).toBe(0);
    await expect(page.getByLabel('Hub address')).toHaveValue(hubAddress);
    await expect(page.getByTestId('checked-fingerprint')).toHaveCount(0);
    await page.getByRole('button', { name: 'Check this hub' }).click();
    await expect(page.getByTestId('checked-fingerprint')).toHaveText(fingerprint);
    await expect(page.getByLabel('Pairing code')).toHaveValue(code);
    await page.getByLabel("This device's name").fill('Bar');
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await allowOnHub(hubPage, 'Bar', (await page.getByTestId('pair-check-code').textContent())!);
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  } finally {
    await cameraBrowser.close();
  }
});
