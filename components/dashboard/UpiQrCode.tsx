"use client";

import { useEffect, useState } from "react";

/**
 * The UPI deep link as a QR code for paying from another phone. The encoder loads only when a
 * payment dialog opens, so the dashboard itself ships none of it.
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string>();

  useEffect(() => {
    let current = true;
    import("qrcode")
      .then((qrcode) => qrcode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((markup) => current && setSvg(markup))
      .catch(() => current && setSvg(undefined));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <div
      role="img"
      aria-label={label}
      data-testid="upi-qr"
      className="mt-3 aspect-square w-44 max-w-full rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
      // The markup is the encoder's own SVG of path data, not user text.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
