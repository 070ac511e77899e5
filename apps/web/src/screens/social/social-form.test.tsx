import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "../../components/test-utils";
import { initialFormState } from "../../flow-engine/form/form-state";
import { SocialForm } from "./social-form";
import { SocialRedirect } from "./social-redirect";

const redirect = {
  title: "Weiter zu Google",
  text: "Einen Moment, wir leiten dich zu Google weiter.",
  fallback: "Passiert nichts?",
  fallbackLink: "Hier geht es zu Google",
};

describe("SocialForm", () => {
  it("is one plain form with a submit per provider (name and value for the server)", () => {
    renderWithIntl(
      <SocialForm
        action={async () => initialFormState}
        hidden={[{ name: "flow", value: "f-1" }]}
        label="Social Login"
        buttons={[
          { name: "provider", id: "apple", label: "Weiter mit Apple", redirect },
          { name: "provider", id: "google", label: "Weiter mit Google", redirect },
        ]}
      />,
    );
    const form = screen.getByRole("form", { name: "Social Login" });
    expect(form.querySelector("input[name=flow]")?.getAttribute("value")).toBe("f-1");
    const google = screen.getByRole("button", { name: "Weiter mit Google" });
    expect(google.getAttribute("type")).toBe("submit");
    expect(google.getAttribute("name")).toBe("provider");
    expect(google.getAttribute("value")).toBe("google");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows settings rows with the provider's state and a plain button", () => {
    renderWithIntl(
      <SocialForm
        action={async () => initialFormState}
        hidden={[]}
        label="Verknüpfte Konten"
        buttons={[
          {
            name: "unlink",
            id: "google",
            label: "Verknüpfung mit Google aufheben",
            redirect,
            row: { title: "Google", status: "Verknüpft" },
          },
        ]}
      />,
    );
    const item = screen.getByRole("listitem");
    expect(item.textContent).toContain("Verknüpft");
    const button = screen.getByRole("button", { name: "Verknüpfung mit Google aufheben" });
    expect(button.getAttribute("name")).toBe("unlink");
    expect(button.className).toContain("border-green-700");
  });
});

describe("SocialRedirect", () => {
  it("covers the page as a dialog, takes the focus and offers the way by hand", () => {
    renderWithIntl(<SocialRedirect href="https://accounts.google.com/auth?x=1" texts={redirect} />);
    const dialog = screen.getByRole("dialog", { name: "Weiter zu Google" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Weiter zu Google" }));
    expect(screen.getByRole("link", { name: "Hier geht es zu Google" }).getAttribute("href")).toBe(
      "https://accounts.google.com/auth?x=1",
    );
  });
});
