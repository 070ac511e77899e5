import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordInput } from "./password-input";
import { renderWithIntl } from "./test-utils";

describe("PasswordInput", () => {
  it("reveals and hides the password, relabelling its toggle", () => {
    renderWithIntl(
      <PasswordInput label="Passwort" name="password" autoComplete="current-password" />,
    );
    const input = screen.getByLabelText("Passwort");
    expect(input.getAttribute("type")).toBe("password");

    fireEvent.click(screen.getByRole("button", { name: "Passwort anzeigen" }));
    expect(input.getAttribute("type")).toBe("text");
    const hide = screen.getByRole("button", { name: "Passwort verbergen" });
    expect(hide.getAttribute("aria-controls")).toBe(input.id);

    fireEvent.click(hide);
    expect(input.getAttribute("type")).toBe("password");
    expect(screen.getByRole("button", { name: "Passwort anzeigen" })).toBeTruthy();
  });

  it("labels the toggle in English", () => {
    renderWithIntl(<PasswordInput label="Password" />, { locale: "en" });
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByRole("button", { name: "Hide password" })).toBeTruthy();
  });

  it("keeps the toggle from submitting the form and shows errors like Input", async () => {
    renderWithIntl(<PasswordInput label="Passwort" error="Bitte Passwort eingeben" />);
    expect(screen.getByRole("button").getAttribute("type")).toBe("button");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Bitte Passwort eingeben"),
    );
    expect(screen.getByLabelText("Passwort").getAttribute("aria-invalid")).toBe("true");
  });
});
