import { useMemo } from 'react';
import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path (a 1×1 square each), with the matrix's side, border included. */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, d };
}

/** The QR code as a standalone SVG file (only numbers from the matrix go into it: nothing of the page's text). */
export function qrSvgFile({ size, d }: { size: number; d: string }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" ` +
    `shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#ffffff"/>` +
    `<path d="${d}" fill="#000000"/></svg>`
  );
}

interface Props {
  /** What the code says: the page's master link. */
  value: string;
  /** The downloaded file's name. */
  fileName: string;
}

/** A QR code of `value`, black on white whatever the page's colours (scanners need the contrast), downloadable. */
export function QrCode({ value, fileName }: Props) {
  const qr = useMemo(() => qrPath(value), [value]);
  const href = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgFile(qr))}`, [qr]);
  return (
    <figure className="d-inline-flex flex-column align-items-center mb-0">
      <svg
        role="img"
        aria-label={`QR code of ${value}`}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={128}
        height={128}
        shapeRendering="crispEdges"
        className="rounded"
      >
        <rect width={qr.size} height={qr.size} fill="#ffffff" />
        <path d={qr.d} fill="#000000" />
      </svg>
      <a className="small mt-1" href={href} download={fileName} style={{ color: 'inherit' }}>
        Download QR code
      </a>
    </figure>
  );
}
