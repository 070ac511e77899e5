import { render, screen } from "@testing-library/react";
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

  it("shows an optional title and text", () => {
    render(
      <Alert severity="error" title="Fehler">
        Etwas ist schiefgelaufen.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("FehlerEtwas ist schiefgelaufen.");
    expect(alert.className).toContain("bg-danger-light");
  });
});
