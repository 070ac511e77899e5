// Writes src/app/favicon.ico from src/app/icon.svg (the Moos logo's leaf): Chromium draws the
// SVG at 16, 32 and 48 pixels, and the PNGs go into one ICO file (PNG entries, which every
// browser since Windows Vista's era reads; https://en.wikipedia.org/wiki/ICO_(file_format)).
// Run after changing the icon: `node apps/web/scripts/make-favicon.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const app = path.join(import.meta.dirname, "..", "src", "app");
const svg = readFileSync(path.join(app, "icon.svg"));
const sizes = [16, 32, 48];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const pngs = [];
try {
  const page = await browser.newPage();
  const source = `data:image/svg+xml;base64,${svg.toString("base64")}`;
  for (const size of sizes) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img src="${source}" width="${size}" height="${size}"></body>`,
    );
    await page.locator("img").evaluate((img) => img.decode());
    pngs.push(await page.screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs.
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((size, index) => {
  const entry = 6 + 16 * index;
  const png = pngs[index];
  header.writeUInt8(size, entry); // width (0 would mean 256)
  header.writeUInt8(size, entry + 1); // height
  header.writeUInt8(0, entry + 2); // no palette
  header.writeUInt8(0, entry + 3); // reserved
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync(path.join(app, "favicon.ico"), Buffer.concat([header, ...pngs]));
console.log(`favicon.ico: ${sizes.join(", ")} px, ${offset} bytes`);
