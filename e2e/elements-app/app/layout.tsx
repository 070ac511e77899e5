import "@ory/elements-react/theme/styles.css";
import type * as React from "react";

export const metadata = { title: "Moos · Ory Elements" };

export default function RootLayout({
  children,
}: {
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <html lang="en">
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}
