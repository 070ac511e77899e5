import type * as React from "react";
import "./globals.css";

// Paths outside the language segment that nothing claims (files such as /robots.txt): a plain
// 404 page in both languages, without the console's frame (no session is read here).
export default function NotFound(): React.JSX.Element {
  return (
    <html lang="de">
      <head>
        <title>Seite nicht gefunden · Moos Kundenservice</title>
      </head>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
          <h1>Seite nicht gefunden</h1>
          <p>Diese Seite gibt es nicht.</p>
          <p lang="en">This page doesn't exist.</p>
          <p>
            <a href="/" className="text-petrol-700 underline underline-offset-4">
              Zur Suche
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
