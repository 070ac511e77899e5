import type * as React from "react";

// The real root layout is [locale]/layout.tsx (it sets <html lang>); this one only exists so
// that not-found.tsx can handle paths outside the locale segment.
export default function RootLayout({ children }: { children: React.ReactNode }): React.ReactNode {
  return children;
}
