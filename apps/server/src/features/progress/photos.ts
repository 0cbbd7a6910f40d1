import { createRequire } from 'node:module';
import { PROGRESS_LIMITS, PROGRESS_MESSAGES } from '@mc/contract';
import { businessError } from '../../http/errors.ts';

type Sharp = typeof import('sharp').default;

// Loaded when the first photo arrives, not at start (docs/decisions/045-the-server-bundles-its-packages.md):
// sharp carries its own libvips beside its code, so the build leaves it in node_modules.
let sharpModule: Sharp | undefined;
function sharp(): Sharp {
  return (sharpModule ??= createRequire(import.meta.url)('sharp') as Sharp);
}

export interface ReencodedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * An uploaded photo made safe to store and show (docs/decisions/054-mission-updates-photos-and-public-page.md):
 * decoded by sharp within the limits on bytes and pixels, turned upright by its EXIF orientation,
 * scaled to at most PROGRESS_LIMITS.photoEdge on its longer side and written again as a JPEG with
 * no metadata at all (sharp keeps none unless told to): no location, camera or date leaves the
 * server. Anything sharp cannot read as an image is refused with a message, as is one too large.
 */
export async function reencodePhoto(upload: Buffer): Promise<ReencodedPhoto> {
  if (upload.length > PROGRESS_LIMITS.photoBytes) throw businessError(PROGRESS_MESSAGES.photoTooLarge);
  if (upload.length === 0) throw businessError(PROGRESS_MESSAGES.photoNotImage);
  const decode = () => sharp()(upload, { limitInputPixels: PROGRESS_LIMITS.photoInputPixels, failOn: 'error', animated: false });
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await decode().metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw businessError(PROGRESS_MESSAGES.photoNotImage);
  }
  if (!format || !['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'].includes(format)) throw businessError(PROGRESS_MESSAGES.photoNotImage);
  if (pixels > PROGRESS_LIMITS.photoInputPixels) throw businessError(PROGRESS_MESSAGES.photoTooManyPixels);
  try {
    const { data, info } = await decode()
      .rotate()
      .resize({ width: PROGRESS_LIMITS.photoEdge, height: PROGRESS_LIMITS.photoEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw businessError(PROGRESS_MESSAGES.photoNotImage);
  }
}
