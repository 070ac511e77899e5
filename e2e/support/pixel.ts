// The colour a page paints at one point: a screenshot of that single pixel, decoded here (a PNG
// of one pixel is a handful of bytes, https://www.w3.org/TR/png-3/), so a test sees what the
// customer sees, not what a style says.

import { inflateSync } from "node:zlib";
import type { Page } from "@playwright/test";

export type Rgb = readonly [number, number, number];

const PNG_SIGNATURE_LENGTH = 8;
const RGB = 2;
const RGBA = 6;

/** The colour painted at (x, y) of the viewport. */
export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 }, scale: "css" });
  let colourType: number | undefined;
  const compressed: Buffer[] = [];
  // Chunks: length (4 bytes), type (4), data, CRC (4).
  for (let offset = PNG_SIGNATURE_LENGTH; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      if (data[8] !== 8) throw new Error(`a PNG of bit depth ${data[8]}: expected 8`);
      colourType = data[9];
    }
    if (type === "IDAT") compressed.push(data);
    offset += 12 + length;
  }
  if (colourType !== RGB && colourType !== RGBA) {
    throw new Error(`a PNG of colour type ${colourType}: expected RGB or RGBA`);
  }
  // One row of one pixel: a filter byte, then the pixel. Every PNG filter predicts it from
  // neighbours that do not exist (zero), so the bytes are the colour itself.
  const row = inflateSync(Buffer.concat(compressed));
  return [row[1] ?? 0, row[2] ?? 0, row[3] ?? 0];
}

/** The relative luminance of a colour, 0 (black) to 1 (white) (WCAG 2.2). */
export function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number): number => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
