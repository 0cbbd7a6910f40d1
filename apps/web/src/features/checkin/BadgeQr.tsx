import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * A badge's code as a QR image, black on white whatever the theme (a scanner needs the contrast),
 * with the standard quiet zone around it, drawn as large as the screen allows so a door's camera
 * reads it from arm's length. Made on the device from the kept code: no network needed.
 */
export function BadgeQr({ code, label }: { code: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(code, { type: 'svg', margin: 4, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((text) => {
        if (current) setSvg(text);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code]);
  return svg ? (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      width={400}
      height={400}
      data-testid="badge-qr"
      className="aspect-square w-full max-w-[min(100%,26rem)] rounded-xl shadow-lg"
    />
  ) : (
    <div aria-hidden="true" className="aspect-square w-full max-w-[min(100%,26rem)] rounded-xl bg-slate-800" />
  );
}
