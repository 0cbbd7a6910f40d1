/**
 * Reads a QR code from a camera frame, on the device (docs/decisions/053-scanning-badges-at-the-door.md):
 * the browser's own BarcodeDetector where it has one that reads QR codes (Chrome on Android, Safari
 * on recent iPhones), otherwise ZXing-C++ compiled to WebAssembly (`zxing-wasm`) in a worker
 * (qrWorker.ts), whose .wasm file the app serves itself (never the library's default address on a
 * CDN). Loaded only by the door.
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

/** ZXing in a worker of its own (qrWorker.ts): one frame at a time, answered by id. */
function workerReader(): QrReader {
  const worker = new Worker(new URL('./qrWorker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (text: string | null) => void>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<{ id: number; text: string | null }>) => {
    waiting.get(event.data.id)?.(event.data.text);
    waiting.delete(event.data.id);
  };
  worker.onerror = (event) => {
    console.warn('The QR reader could not start', event.message);
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  return {
    read: (image) =>
      new Promise((resolve) => {
        const id = next;
        next += 1;
        waiting.set(id, resolve);
        worker.postMessage({ id, image }, [image.data.buffer]);
      }),
  };
}

let reader: Promise<QrReader> | null = null;

/** The reader, made once a page. */
export function qrReader(): Promise<QrReader> {
  reader ??= nativeReader().then((native) => native ?? workerReader());
  reader.catch(() => (reader = null));
  return reader;
}
