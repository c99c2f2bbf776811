import { HEX_COLOUR_PATTERN } from '@vellum/proto/api';

/** The channels of a CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa; alpha ignored), or null. */
function channels(hex: string): [number, number, number] | null {
  if (!HEX_COLOUR_PATTERN.test(hex)) return null;
  const digits = hex.slice(1);
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG's relative luminance of a hex colour (white when it cannot be read). */
export function luminance(hex: string): number {
  const rgb = channels(hex) ?? [255, 255, 255];
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The text colour that reads best on `background`: Bootstrap's body colour, or white on dark colours. */
export const readableOn = (background: string) => (luminance(background) > 0.179 ? '#212529' : '#ffffff');

/** A colour an `<input type="color">` accepts (#rrggbb): #rgb is widened, alpha dropped. */
export function pickerValue(hex: string): string {
  const rgb = channels(hex);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : '#000000';
}
