import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Input } from "./input";

describe("Input", () => {
  it("labels its field", () => {
    render(<Input label="E-Mail-Adresse" name="email" type="email" />);
    const input = screen.getByLabelText("E-Mail-Adresse");
    expect(input.getAttribute("type")).toBe("email");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.className).toContain("h-input");
    expect(document.querySelector("[data-slot=valid-mark], [data-slot=invalid-mark]")).toBeNull();
  });

  it("shows an error: exclamation mark, light red field, announced text linked to the field", async () => {
    render(
      <Input
        label="E-Mail-Adresse"
        id="email"
        aria-describedby="email-hint"
        error="Gib bitte eine gültige E-Mail Adresse ein"
      />,
    );
    const input = screen.getByLabelText("E-Mail-Adresse");
    const error = screen.getByRole("alert");
    await waitFor(() =>
      expect(error.textContent).toBe("Gib bitte eine gültige E-Mail Adresse ein"),
    );
    expect(error.className).toContain("text-danger");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(`email-hint ${error.id}`);
    expect(input.className).toContain("bg-danger-light");
    expect(document.querySelector("[data-slot=invalid-mark]")).not.toBeNull();
    expect(document.querySelector("[data-slot=valid-mark]")).toBeNull();
  });

  it("shows a check mark when valid", () => {
    render(<Input label="Vorname" isValid defaultValue="Anna" />);
    expect(screen.getByLabelText("Vorname").getAttribute("data-status")).toBe("valid");
    expect(document.querySelector("[data-slot=valid-mark]")).not.toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("lets an error win over a valid mark", () => {
    render(<Input label="Vorname" isValid error="Bitte Vornamen eingeben" />);
    expect(document.querySelector("[data-slot=valid-mark]")).toBeNull();
    expect(document.querySelector("[data-slot=invalid-mark]")).not.toBeNull();
  });

  it("hides the spinner arrows of one-time-code number fields only", () => {
    render(
      <>
        <Input label="Bestätigungscode" type="number" autoComplete="one-time-code" />
        <Input label="Anzahl" type="number" />
      </>,
    );
    expect(screen.getByLabelText("Bestätigungscode").className).toContain(
      "[&::-webkit-inner-spin-button]:appearance-none",
    );
    expect(screen.getByLabelText("Bestätigungscode").className).toContain("[appearance:textfield]");
    expect(screen.getByLabelText("Anzahl").className).not.toContain("appearance");
  });
});

describe("Input marked by a message elsewhere (errorRef)", () => {
  it("is invalid and described by that message, without a message of its own", () => {
    render(
      <>
        <p id="flow-message-4000006">Das hat nicht geklappt.</p>
        <Input label="Passwort" id="password" errorRef="flow-message-4000006" />
      </>,
    );
    const input = screen.getByLabelText("Passwort");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("flow-message-4000006");
    expect(input.getAttribute("data-status")).toBe("invalid");
  });
});

describe("the field's alert region", () => {
  it("is in the DOM, empty, before its text (a region inserted with its text goes unheard)", async () => {
    const { rerender } = render(<Input label="Vorname" id="name" />);
    const region = screen.getByRole("alert");
    expect(region.textContent).toBe("");
    rerender(<Input label="Vorname" id="name" error="Bitte Vornamen eingeben" />);
    await waitFor(() => expect(region.textContent).toBe("Bitte Vornamen eingeben"));
    expect(screen.getByRole("alert")).toBe(region);
  });
});
