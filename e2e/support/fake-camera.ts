import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

/**
 * Chromium's fake camera, fed with a video of a badge's QR code, so a journey scans a real code
 * through the real camera path (getUserMedia, the frame reader, the QR decoder). The video is a
 * Y4M file (a header, then raw 4:2:0 frames) written here from the code as the project's QR library
 * draws it; Chromium opens the file each time a page starts the camera, so a journey shows another
 * code by writing the file again and starting the camera again.
 */

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/** This worker's video file (the browser is launched with it, before any code is known). */
export const FAKE_CAMERA_FILE = join(tmpdir(), `mc-door-camera-${process.pid}.y4m`);
// The video (2.3 MB) leaves with the worker, not in the system's temporary folder.
process.once('exit', () => rmSync(FAKE_CAMERA_FILE, { force: true }));

/** The Chromium flags that make the camera this file, with no permission prompt. */
export const FAKE_CAMERA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${FAKE_CAMERA_FILE}`,
];

/** Writes the video: the code's QR, black on white with its quiet zone, in the middle of each frame (null: a blank card). */
export function showOnFakeCamera(code: string | null): void {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (code) {
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const cells = modules.size + 8;
    const scale = Math.floor((HEIGHT - 20) / cells);
    const left = Math.floor((WIDTH - modules.size * scale) / 2);
    const top = Math.floor((HEIGHT - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (!modules.get(row, column)) continue;
        for (let y = 0; y < scale; y += 1)
          luma.fill(16, (top + row * scale + y) * WIDTH + left + column * scale, (top + row * scale + y) * WIDTH + left + (column + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  // Written beside it and moved over it: a camera still running reads the old video to its end,
  // instead of frames cut short by a rewrite under it; the next start opens the new one.
  const next = `${FAKE_CAMERA_FILE}.next`;
  writeFileSync(next, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  renameSync(next, FAKE_CAMERA_FILE);
}
