import type { Viewport } from "next";
import type * as React from "react";

// The real root layout is [locale]/layout.tsx (it sets <html lang>); this one only exists so
// that not-found.tsx can handle paths outside the locale segment.
export default function RootLayout({ children }: { children: React.ReactNode }): React.ReactNode {
  return children;
}

/**
 * Every page follows the device's colour scheme, like the account app's: `<meta
 * name="color-scheme">` gives even the first paint the right background, and the theme colours
 * tint the browser's own bar like the page (beige-50 in either scheme, tokens.css).
 */
export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbf8f2" },
    { media: "(prefers-color-scheme: dark)", color: "#222221" },
  ],
};
