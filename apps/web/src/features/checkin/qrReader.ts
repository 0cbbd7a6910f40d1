/**
 * Reads a QR code from a camera frame, on the device (docs/decisions/053-scanning-badges-at-the-door.md):
 * the browser's own BarcodeDetector where it has one that reads QR codes (Chrome on Android, Safari
 * on recent iPhones), otherwise ZXing-C++ compiled to WebAssembly (`zxing-wasm`), whose .wasm file
 * the app serves itself (never the library's default address on a CDN). Loaded only by the door.
 */
export interface QrReader {
  read(image: ImageData): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect(image: ImageData): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return { read: async (image) => (await detector.detect(image))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<QrReader> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return {
    read: async (image) => (await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: true }))[0]?.text || null,
  };
}

let reader: Promise<QrReader> | null = null;

/** The reader, made once a page. */
export function qrReader(): Promise<QrReader> {
  reader ??= nativeReader().then((native) => native ?? wasmReader());
  reader.catch(() => (reader = null));
  return reader;
}
