// A camera for Chromium's fake capture device: a still picture written as a YUV4MPEG2 file of one
// 4:2:0 frame (grey only: the colour planes are neutral), which Chromium plays over and over.
// Chromium opens the file each time a page starts the camera, so a test can swap the picture
// between scans; the file is replaced by a rename, never rewritten in place.
import { renameSync, writeFileSync } from 'node:fs';
import { create } from 'qrcode';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;

/** A frame's grey levels, one byte a pixel (0 black, 255 white), row by row. */
export type Luma = Uint8Array;

export function writeCameraFile(path: string, luma: Luma): void {
  if (luma.length !== FRAME_WIDTH * FRAME_HEIGHT) throw new Error(`a frame is ${FRAME_WIDTH}x${FRAME_HEIGHT}`);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME_WIDTH} H${FRAME_HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const chroma = Buffer.alloc((FRAME_WIDTH / 2) * (FRAME_HEIGHT / 2) * 2, 128);
  writeFileSync(`${path}.next`, Buffer.concat([header, luma, chroma]));
  renameSync(`${path}.next`, path);
}

/** `text` as a QR code, black modules on white with a quiet zone, in the middle of the frame. */
export function qrFrame(text: string): Luma {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const cell = Math.floor((FRAME_HEIGHT * 0.8) / (modules.size + 8));
  const side = cell * modules.size;
  const left = Math.floor((FRAME_WIDTH - side) / 2);
  const top = Math.floor((FRAME_HEIGHT - side) / 2);
  const luma = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (modules.get(Math.floor(y / cell), Math.floor(x / cell))) luma[(top + y) * FRAME_WIDTH + left + x] = 0;
  return luma;
}

/**
 * The QR code image a page shows (`selector`), as the camera would see it held up: drawn by the
 * page's own browser, scaled up without smoothing onto a white frame. `inView` below 1 leaves the
 * code's left part out of the picture, as when it is still coming into view.
 */
export async function imageFrame(page: Page, selector: string, inView = 1): Promise<Luma> {
  const base64 = await page.locator(selector).evaluate(
    (img, { width, height, inView }) => {
      const canvas = img.ownerDocument.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingEnabled = false;
      const side = Math.floor(height * 0.8);
      const left = inView < 1 ? -side * (1 - inView) : (width - side) / 2;
      context.drawImage(img, left, (height - side) / 2, side, side);
      const rgba = context.getImageData(0, 0, width, height).data;
      let grey = '';
      for (let i = 0; i < rgba.length; i += 4) grey += String.fromCharCode(rgba[i + 1]);
      return btoa(grey);
    },
    { width: FRAME_WIDTH, height: FRAME_HEIGHT, inView },
  );
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** A Chromium of its own whose camera shows the picture in `path`, allowed without asking. */
export function launchWithCamera(path: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${path}`,
    ],
  });
}

/** What the page's camera streams look like from here (the test's types have no DOM). */
interface PageWithStreams {
  cameraStreams: { getTracks(): { readyState: string }[] }[];
  navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<PageWithStreams['cameraStreams'][0]> } };
}

/**
 * Before the page's own scripts: every camera stream it opens is kept, so the test can count the
 * tracks still live (a camera left on).
 */
export async function recordCameraStreams(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageWithStreams;
    const streams: PageWithStreams['cameraStreams'] = [];
    page.cameraStreams = streams;
    const devices = page.navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return () =>
    page.evaluate(
      () =>
        (globalThis as unknown as PageWithStreams).cameraStreams
          .flatMap((s) => s.getTracks())
          .filter((t) => t.readyState === 'live').length,
    );
}
