import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert";

describe("Alert", () => {
  it("interrupts for errors and warnings, waits politely for info and success", () => {
    render(
      <>
        <Alert severity="error" title="Fehler">
          Etwas ist schiefgelaufen.
        </Alert>
        <Alert severity="warning">Achtung</Alert>
        <Alert severity="info">Hinweis</Alert>
        <Alert severity="success" title="Gespeichert" />
      </>,
    );
    const alerts = screen.getAllByRole("alert");
    expect(alerts.map((alert) => alert.getAttribute("data-severity"))).toEqual([
      "error",
      "warning",
    ]);
    const statuses = screen.getAllByRole("status");
    expect(statuses.map((status) => status.getAttribute("data-severity"))).toEqual([
      "info",
      "success",
    ]);
  });

  it("shows an optional title and text", async () => {
    render(
      <Alert severity="error" title="Fehler">
        Etwas ist schiefgelaufen.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert.textContent).toBe("FehlerEtwas ist schiefgelaufen."));
    expect(alert.className).toContain("bg-danger-light");
  });
});

describe("Alert mounted in the browser (after a client-side navigation)", () => {
  it("is in the DOM before its text, so that screen readers announce the text", async () => {
    render(<Alert severity="info">Wir haben dir eine E-Mail geschickt.</Alert>);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    await waitFor(() => expect(status.textContent).toBe("Wir haben dir eine E-Mail geschickt."));
  });
});
