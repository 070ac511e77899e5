import type { Viewport } from "next";
import type * as React from "react";

// The real root layout is [locale]/layout.tsx (it sets <html lang>); this one only exists so
// that not-found.tsx can handle paths outside the locale segment.
export default function RootLayout({ children }: { children: React.ReactNode }): React.ReactNode {
  return children;
}

/**
 * Every page follows the device's colour scheme. `<meta name="color-scheme">` tells the browser
 * before any style sheet arrives, so even the first paint (and a page whose CSS failed) has the
 * right background, with or without JavaScript; the theme colours tint the browser's own bar
 * like the page (beige-50 in either scheme, tokens.css).
 */
export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbf8f2" },
    { media: "(prefers-color-scheme: dark)", color: "#222221" },
  ],
};
