import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(path.join(import.meta.dirname, "tokens.css"), "utf8");

type Scheme = "light" | "dark";

/** The `@theme` block (light) and the `prefers-color-scheme: dark` block, apart. */
const blocks: Record<Scheme, string> = (() => {
  const darkStart = css.indexOf("@media (prefers-color-scheme: dark)");
  if (darkStart < 0) throw new Error("no dark scheme in tokens.css");
  return { light: css.slice(0, darkStart), dark: css.slice(darkStart) };
})();

function declared(block: string, name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
}

function token(name: string): string {
  const value = declared(blocks.light, name);
  if (!value) throw new Error(`no token --${name}`);
  return value;
}

/** A token's value in a scheme: the dark block's own, else the light one (it does not change). */
function tokenIn(scheme: Scheme, name: string): string {
  return (scheme === "dark" ? declared(blocks.dark, name) : undefined) ?? token(name);
}

// WCAG 2.x relative luminance and contrast ratio (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
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
const schemes: readonly Scheme[] = ["light", "dark"];

/** Text and its background, by token name, wherever the components and screens put them. */
const textPairs: [string, string][] = [
  // Shades 600+ as text on the surface and on every 50 shade.
  ...palettes.flatMap((palette) =>
    [600, 700, 800, 900].flatMap((shade): [string, string][] =>
      ["color-surface", ...palettes.map((p) => `color-${p}-50`)].map((bg) => [
        `color-${palette}-${shade}`,
        bg,
      ]),
    ),
  ),
  ["color-gray-700", "color-beige-100"], // secondary text on the splash's tab bar
  ["color-gray-900", "color-beige-100"], // backup codes, the authenticator secret
  ["color-green-800", "color-surface"], // the splash's current tab
  ["color-surface", "color-green-700"], // primary button
  ["color-surface", "color-green-800"], // primary button, hovered
  ["color-surface", "color-green-900"], // primary button, pressed
  ["color-surface", "color-danger"], // danger button
  ["color-green-800", "color-green-50"], // secondary button, hovered
  ["color-green-800", "color-green-100"], // secondary button, pressed
  ["color-petrol-700", "color-surface"], // links
  ["color-petrol-900", "color-surface"], // links, hovered
  ["color-gray-600", "color-surface"], // placeholder
  ["color-gray-900", "color-danger-light"], // text typed into an invalid field
  ["color-danger", "color-surface"], // field error text
  ["color-danger", "color-beige-50"], // field error text on the page
  ["color-danger", "color-danger-light"],
  ["color-success", "color-success-light"],
  ["color-warning", "color-warning-light"],
  ["color-info", "color-info-light"],
  ["color-gray-900", "color-success-light"], // alert body text
  ["color-gray-900", "color-warning-light"],
  ["color-gray-900", "color-info-light"],
  ["color-gray-700", "color-surface"], // toast description
  ["color-on-apple", "color-apple"], // Apple button
  ["color-on-apple", "color-apple-hover"], // Apple button, hovered
  ["color-white", "color-facebook-600"], // Facebook button
  ["color-white", "color-facebook-700"], // Facebook button, hovered
  ["color-on-google", "color-google"], // Google button
  ["color-on-google", "color-google-hover"], // Google button, hovered
];

/** Boundaries a control needs to be seen by (WCAG 1.4.11, 3:1), and the focus ring. */
const boundaryPairs: [string, string][] = [
  ["color-gray-500", "color-surface"], // a field's border
  ["color-gray-500", "color-beige-50"],
  ["color-danger", "color-surface"], // an invalid field's border
  ["color-green-700", "color-surface"], // the secondary button's border
  ["color-green-700", "color-beige-50"],
  ["color-petrol-600", "color-beige-50"], // focus ring
  ["color-petrol-600", "color-surface"],
  ["color-success", "color-surface"], // a valid field's check mark
  ["color-green-700", "color-beige-50"], // the logo and the spinner
];

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

  it("mirror the SPEC's palette in the dark scheme, the page on its darkest grey", () => {
    for (const palette of palettes.filter((name) => name !== "beige")) {
      shades.forEach((shade, index) => {
        const mirrored = shades[shades.length - 1 - index];
        expect(tokenIn("dark", `color-${palette}-${shade}`), `${palette}-${shade}`).toBe(
          token(`color-${palette}-${mirrored}`),
        );
      });
    }
    // Beige: 50 is the page (the darkest grey), the rest mirror one step on.
    expect(tokenIn("dark", "color-beige-50")).toBe(token("color-gray-900"));
    shades.slice(1).forEach((shade, index) => {
      const mirrored = shades[shades.length - 1 - index];
      expect(tokenIn("dark", `color-beige-${shade}`), `beige-${shade}`).toBe(
        token(`color-beige-${mirrored}`),
      );
    });
    // Surfaces come from the palette too; white, black and Facebook's blue never change.
    expect(tokenIn("dark", "color-surface")).toBe(token("color-gray-800"));
    for (const name of ["white", "black", "facebook", "facebook-600", "facebook-700"])
      expect(declared(blocks.dark, `color-${name}`), name).toBeUndefined();
  });

  it("give the sign-in buttons their owners' colours in both schemes", () => {
    // Apple: black button on light pages, white on dark ones.
    expect([token("color-apple"), token("color-on-apple")]).toEqual(["#000000", "#ffffff"]);
    expect([tokenIn("dark", "color-apple"), tokenIn("dark", "color-on-apple")]).toEqual([
      "#ffffff",
      "#000000",
    ]);
    // Google's light and dark themes: fill, stroke, label.
    const google = (scheme: Scheme): string[] =>
      ["color-google", "color-google-border", "color-on-google"].map((name) =>
        tokenIn(scheme, name),
      );
    expect(google("light")).toEqual(["#ffffff", "#747775", "#1f1f1f"]);
    expect(google("dark")).toEqual(["#131314", "#8e918f", "#e3e3e3"]);
  });

  for (const scheme of schemes) {
    it(`keep text at WCAG 2.2 AA contrast (4.5:1) wherever the components put it (${scheme})`, () => {
      for (const [foreground, background] of textPairs) {
        const ratio = contrast(tokenIn(scheme, foreground), tokenIn(scheme, background));
        expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    });

    it(`keep control boundaries and the focus ring at 3:1 (${scheme})`, () => {
      for (const [foreground, background] of boundaryPairs) {
        const ratio = contrast(tokenIn(scheme, foreground), tokenIn(scheme, background));
        expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(
          3,
        );
      }
    });
  }
});
