import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(path.join(import.meta.dirname, "tokens.css"), "utf8");

function token(name: string): string {
  const match = new RegExp(`--${name}:\\s*([^;]+);`).exec(css);
  if (!match?.[1]) throw new Error(`no token --${name}`);
  return match[1].trim();
}

// WCAG 2.1 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

const palettes = ["beige", "gray", "green", "petrol", "purple"];
const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900];

describe("design tokens", () => {
  it("define every palette in shades 50-900, the status tones, black, white and Facebook", () => {
    for (const palette of palettes) {
      for (const shade of shades)
        expect(token(`color-${palette}-${shade}`)).toMatch(/^#[0-9a-f]{6}$/i);
    }
    for (const name of ["success", "danger", "warning", "black", "white"]) {
      expect(token(`color-${name}`)).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(token("color-facebook").toLowerCase()).toBe("#1877f2");
    // White on the brand blue itself is 4.23:1: the buttons use the darker shade.
    expect(contrast(token("color-white"), token("color-facebook"))).toBeLessThan(4.5);
  });

  it("pin the sizes of SPEC.md §9", () => {
    expect(token("text-h1")).toBe("1.625rem");
    expect(token("text-h2")).toBe("1.5rem");
    expect(token("text-h3")).toBe("1.25rem");
    expect(token("text-h4")).toBe("1.125rem");
    expect(token("text-h5")).toBe("1rem");
    expect(token("spacing-button")).toBe("2.5rem"); // 40px
    expect(token("spacing-input")).toBe("3rem"); // 48px
    expect(token("spacing-toast")).toBe("23rem"); // 368px
    expect(token("breakpoint-mobile")).toBe("30rem"); // 480px
  });

  it("use only system fonts", () => {
    expect(css).not.toMatch(/@font-face|url\(/);
  });

  it("keep text at WCAG 2.1 AA contrast (4.5:1) wherever the components put it", () => {
    const white = token("color-white");
    const pairs: [string, string][] = [
      // Shades 600+ as text on white and on every light surface.
      ...palettes.flatMap((palette) =>
        [600, 700, 800, 900].flatMap((shade): [string, string][] =>
          ["color-white", ...palettes.map((p) => `color-${p}-50`)].map((bg) => [
            `color-${palette}-${shade}`,
            bg,
          ]),
        ),
      ),
      ["color-white", "color-green-700"], // primary button
      ["color-white", "color-green-800"], // primary button, hovered
      ["color-green-800", "color-green-50"], // secondary button, hovered
      ["color-gray-600", "color-white"], // placeholder
      ["color-gray-900", "color-danger-light"], // text typed into an invalid field
      ["color-danger", "color-white"], // field error text
      ["color-danger", "color-danger-light"],
      ["color-success", "color-success-light"],
      ["color-warning", "color-warning-light"],
      ["color-info", "color-info-light"],
      ["color-gray-900", "color-success-light"], // alert body text
      ["color-gray-900", "color-warning-light"],
      ["color-gray-900", "color-info-light"],
      ["color-gray-700", "color-white"], // toast description
      ["color-white", "color-black"], // Apple button
      ["color-white", "color-gray-800"], // Apple button, hovered
      ["color-white", "color-facebook-600"], // Facebook button
      ["color-white", "color-facebook-700"], // Facebook button, hovered
      ["color-gray-900", "color-white"], // Google button
      ["color-gray-900", "color-gray-50"], // Google button, hovered
    ];
    for (const [foreground, background] of pairs) {
      const ratio = contrast(token(foreground), token(background));
      expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    // Form control borders need 3:1 against the page (WCAG 1.4.11).
    expect(contrast(token("color-gray-500"), white)).toBeGreaterThanOrEqual(3);
  });
});
