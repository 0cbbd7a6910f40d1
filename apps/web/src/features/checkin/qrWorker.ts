import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The door's QR decoder off the page's thread (docs/decisions/053-scanning-badges-at-the-door.md):
 * ZXing-C++ compiled to WebAssembly, its .wasm file served by the app itself. The server gives this
 * worker's script a policy of its own that allows compiling WebAssembly ('wasm-unsafe-eval'), so
 * the pages' policy never needs to.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; image: ImageData }>) => void) | null;
  postMessage(message: { id: number; text: string | null }): void;
}

const scope = self as unknown as WorkerScope;

prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

scope.onmessage = (event) => {
  const { id, image } = event.data;
  readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: true })
    .then((found) => scope.postMessage({ id, text: found[0]?.text || null }))
    .catch((error: unknown) => {
      console.warn('The QR reader failed on a frame', error);
      scope.postMessage({ id, text: null });
    });
};
