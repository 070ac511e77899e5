import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import validation from "../../../messages/de/validation.json";
import { renderWithIntl } from "../../components/test-utils";
import type { FieldSpec } from "./field-spec";
import { FlowForm } from "./flow-form";
import type { FormState } from "./form-state";

const fields: FieldSpec[] = [
  {
    name: "traits.email",
    label: "E-Mail-Adresse",
    type: "email",
    rule: "email",
    serverError: "Diese Adresse gibt es schon.",
  },
  { name: "password", label: "Passwort", type: "password", rule: "newPassword" },
  {
    name: "repeatPassword",
    label: "Passwort wiederholen",
    type: "password",
    rule: "repeatPassword",
  },
];

function renderForm(action: (state: FormState, data: FormData) => Promise<FormState>): void {
  renderWithIntl(
    <FlowForm
      action={action}
      hidden={[{ name: "csrf_token", value: "t" }]}
      fields={fields}
      submit={{ label: "Konto erstellen" }}
      errorTexts={validation}
    />,
  );
}

const input = (label: string): HTMLInputElement => screen.getByLabelText(label) as HTMLInputElement;
/** The field messages shown (each field's alert region is there, empty, before its text). */
const errors = (): string[] =>
  screen
    .queryAllByRole("alert")
    .map((element) => element.textContent ?? "")
    .filter((text) => text !== "");

describe("FlowForm in the browser", () => {
  it("shows the server's field message until the field is edited", async () => {
    renderForm(vi.fn());
    await waitFor(() => expect(errors()).toEqual(["Diese Adresse gibt es schon."]));
    fireEvent.change(input("E-Mail-Adresse"), { target: { value: "ada@example.de" } });
    expect(errors()).toEqual([]);
  });

  it("after the server refused the form, marks the kept values that pass as fine", () => {
    renderWithIntl(
      <FlowForm
        action={vi.fn()}
        hidden={[]}
        fields={[
          {
            name: "traits.name.first",
            label: "Vorname",
            type: "text",
            rule: "firstName",
            defaultValue: "Anna",
          },
          {
            name: "traits.email",
            label: "E-Mail-Adresse",
            type: "email",
            rule: "email",
            defaultValue: "ada@",
          },
          { ...fields[1], serverError: "Zu ähnlich." } as FieldSpec,
        ]}
        submit={{ label: "Konto erstellen" }}
        errorTexts={validation}
      />,
    );
    expect(input("Vorname").dataset.status).toBe("valid");
    expect(input("E-Mail-Adresse").dataset.status).toBeUndefined();
    expect(input("Passwort").dataset.status).toBe("invalid");
  });

  it("marks nothing as fine before anything was checked", () => {
    renderWithIntl(
      <FlowForm
        action={vi.fn()}
        hidden={[]}
        fields={[
          {
            name: "traits.name.first",
            label: "Vorname",
            type: "text",
            rule: "firstName",
            defaultValue: "Anna",
          },
        ]}
        submit={{ label: "Speichern" }}
        errorTexts={validation}
      />,
    );
    expect(input("Vorname").dataset.status).toBeUndefined();
  });

  it("checks on submit with the server's rules and does not send an invalid form", async () => {
    const action = vi.fn();
    renderForm(action);
    fireEvent.change(input("E-Mail-Adresse"), { target: { value: "ada@" } });
    fireEvent.submit(
      screen.getByRole("button", { name: "Konto erstellen" }).closest("form") as HTMLFormElement,
    );
    expect(action).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(errors()).toEqual([
        "Gib bitte eine gültige E-Mail Adresse ein",
        "Bitte Passwort eingeben",
        "Bitte Passwort erneut eingeben",
      ]),
    );
    expect(document.activeElement).toBe(input("E-Mail-Adresse"));
  });

  it("checks a field when it is left and again while it is corrected", async () => {
    renderForm(vi.fn());
    await waitFor(() => expect(errors()).toEqual(["Diese Adresse gibt es schon."]));
    fireEvent.change(input("Passwort"), { target: { value: "geheim12345" } });
    fireEvent.change(input("Passwort wiederholen"), { target: { value: "geheim" } });
    fireEvent.blur(input("Passwort wiederholen"));
    expect(errors()).toEqual(["Diese Adresse gibt es schon.", "Passwörter stimmen nicht überein"]);
    fireEvent.change(input("Passwort wiederholen"), { target: { value: "geheim12345" } });
    expect(errors()).toEqual(["Diese Adresse gibt es schon."]);
    expect(input("Passwort wiederholen").getAttribute("data-status")).toBe("valid");
  });

  it("sends a valid form with its hidden fields to the action", async () => {
    const action = vi.fn(async (state: FormState, _data: FormData): Promise<FormState> => state);
    renderForm(action);
    fireEvent.change(input("E-Mail-Adresse"), { target: { value: "ada@example.de" } });
    fireEvent.change(input("Passwort"), { target: { value: "geheim12345" } });
    fireEvent.change(input("Passwort wiederholen"), { target: { value: "geheim12345" } });
    await act(async () => {
      fireEvent.submit(
        screen.getByRole("button", { name: "Konto erstellen" }).closest("form") as HTMLFormElement,
      );
    });
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const data = action.mock.calls[0]?.[1] as FormData;
    expect(Object.fromEntries(data.entries())).toEqual({
      csrf_token: "t",
      "traits.email": "ada@example.de",
      password: "geheim12345",
      repeatPassword: "geheim12345",
    });
  });

  it("says the identity service is briefly unavailable and keeps what was typed", async () => {
    const action = vi.fn(
      async (_state: FormState, data: FormData): Promise<FormState> => ({
        values: { "traits.email": String(data.get("traits.email")) },
        errors: {},
        notice: "unavailable",
      }),
    );
    renderForm(action);
    fireEvent.change(input("E-Mail-Adresse"), { target: { value: "ada@example.de" } });
    fireEvent.change(input("Passwort"), { target: { value: "geheim12345" } });
    fireEvent.change(input("Passwort wiederholen"), { target: { value: "geheim12345" } });
    await act(async () => {
      fireEvent.submit(
        screen.getByRole("button", { name: "Konto erstellen" }).closest("form") as HTMLFormElement,
      );
    });
    await waitFor(() =>
      expect(errors()).toContain(
        "Wir sind gerade kurz nicht erreichbar. Versuche es bitte in einem Moment noch einmal.",
      ),
    );
    expect(input("E-Mail-Adresse").value).toBe("ada@example.de");
    // The same button sends it again: it is not busy.
    expect(screen.getByRole("button", { name: "Konto erstellen" }).getAttribute("aria-busy")).toBe(
      null,
    );
  });
});
