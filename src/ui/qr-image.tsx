import { useMemo } from 'react';
import { encodeQr } from './qr-code.ts';
import './qr.css';

/** Light modules around the symbol, as the standard asks, so scanners find its edges. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as an SVG (dark modules on white, whatever the theme, so every
 * scanner reads it). Text too long for the encoder shows nothing but the label's text.
 */
export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const qr = useMemo(() => encodeQr(text), [text]);
  if (!qr) return null;
  const span = qr.size + QUIET_ZONE * 2;
  let path = '';
  qr.dark.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    });
  });
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${span} ${span}`} width={size} height={size} shapeRendering="crispEdges" data-testid="qr-code">
      <rect width={span} height={span} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
