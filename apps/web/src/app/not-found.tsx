import type * as React from "react";
import { NotFoundScreen } from "../screens/not-found/not-found-screen";
import "./globals.css";

// Paths that never reach the [locale] segment (files that do not exist): German, the default.
export default function GlobalNotFound(): React.JSX.Element {
  return (
    <html lang="de">
      <body>
        <main className="mx-auto flex min-h-dvh w-full max-w-[32rem] flex-col px-4 py-6">
          <NotFoundScreen locale="de" />
        </main>
      </body>
    </html>
  );
}
