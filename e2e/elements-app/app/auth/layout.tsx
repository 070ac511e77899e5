import type * as React from "react";

export default function AuthLayout({
  children,
}: {
  children: React.ReactNode;
}): React.JSX.Element {
  return <div style={{ display: "flex", justifyContent: "center", padding: "2rem" }}>{children}</div>;
}
