import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailTypoNote } from "./email-typo-hint";
import { Input } from "./input";
import { renderWithIntl } from "./test-utils";

describe("EmailTypoHint", () => {
  it("offers the address meant once the field is left, and takes it with one tap", async () => {
    renderWithIntl(<Input label="E-Mail-Adresse" name="email" type="email" typoHint />);
    const input = screen.getByLabelText<HTMLInputElement>("E-Mail-Adresse");
    fireEvent.input(input, { target: { value: "erika@gmial.com" } });
    // Not while typing: only once the value is committed (leaving the field, Enter).
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.change(input, { target: { value: "erika@gmial.com" } });

    const hint = await screen.findByRole("status");
    await waitFor(() => expect(hint.textContent).toBe("Meintest du erika@gmail.com? Übernehmen"));
    const take = screen.getByRole("button", { name: "Übernehmen" });
    expect(take.getAttribute("aria-describedby")).toBeTruthy();
    expect(take.getAttribute("type")).toBe("button");
    fireEvent.click(take);

    expect(input.value).toBe("erika@gmail.com");
    expect(document.activeElement).toBe(input);
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  });

  it("says nothing about a real domain, in English too", async () => {
    renderWithIntl(<Input label="Email address" name="email" type="email" typoHint />, {
      locale: "en",
    });
    const input = screen.getByLabelText<HTMLInputElement>("Email address");
    fireEvent.change(input, { target: { value: "erika@ok.de" } });
    fireEvent.change(input, { target: { value: "erika@gmial.com" } });
    const hint = await screen.findByRole("status");
    await waitFor(() => expect(hint.textContent).toBe("Did you mean erika@gmail.com? Use it"));
    fireEvent.input(input, { target: { value: "erika@o2.de" } });
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  });
});

/** Lets the suggestion's chunk load and its answer arrive. */
async function settle(): Promise<void> {
  await act(async () => {
    await import("../validation/email-typo");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function SignInForm({ refused = false }: { refused?: boolean }): React.JSX.Element {
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Input label="E-Mail-Adresse" name="email" type="email" typoHint />
      {refused ? <input aria-label="Passwort" aria-invalid="true" /> : null}
      <button type="button">Abbrechen</button>
      <button type="submit">Weiter</button>
    </form>
  );
}

/** Leaves the field by pressing `button`: the field commits while the button is held. */
async function pressLeaving(input: HTMLInputElement, button: HTMLElement): Promise<void> {
  fireEvent.pointerDown(button);
  fireEvent.change(input, { target: { value: "erika@gmial.com" } });
  await settle();
  // Shown now, it would push the button away from under the pointer.
  expect(screen.queryByRole("status")).toBeNull();
  fireEvent.pointerUp(button);
  fireEvent.click(button);
}

describe("EmailTypoHint under a pressed button", () => {
  it("waits for the release, then asks", async () => {
    renderWithIntl(<SignInForm />);
    const input = screen.getByLabelText<HTMLInputElement>("E-Mail-Adresse");
    await pressLeaving(input, screen.getByRole("button", { name: "Abbrechen" }));
    const hint = await screen.findByRole("status");
    await waitFor(() => expect(hint.textContent).toBe("Meintest du erika@gmail.com? Übernehmen"));
  });

  it("leaves the question to the next step when the press sent the address on", async () => {
    renderWithIntl(<SignInForm />);
    const input = screen.getByLabelText<HTMLInputElement>("E-Mail-Adresse");
    const send = screen.getByRole("button", { name: "Weiter" });
    await pressLeaving(input, send);
    fireEvent.submit(send.closest("form") as HTMLFormElement);
    await settle();
    expect(screen.queryByRole("status")).toBeNull();
    // An edit is a new address: asked about as it is typed.
    fireEvent.input(input, { target: { value: "erika@hotmial.com" } });
    expect(await screen.findByRole("status")).toBeTruthy();
  });

  it("asks after all when the form refused the submit", async () => {
    renderWithIntl(<SignInForm refused />);
    const input = screen.getByLabelText<HTMLInputElement>("E-Mail-Adresse");
    const send = screen.getByRole("button", { name: "Weiter" });
    await pressLeaving(input, send);
    fireEvent.submit(send.closest("form") as HTMLFormElement);
    const hint = await screen.findByRole("status");
    await waitFor(() => expect(hint.textContent).toBe("Meintest du erika@gmail.com? Übernehmen"));
  });
});

describe("EmailTypoNote", () => {
  it("links to the address's step with the address meant", async () => {
    renderWithIntl(
      <EmailTypoNote
        email="erika@gmial.com"
        suggestion="erika@gmail.com"
        takeHref="/login?flow=1&step=identifier"
      />,
    );
    const take = await screen.findByRole("link", { name: "Übernehmen" });
    expect(take.getAttribute("href")).toBe("/login?flow=1&step=identifier&email=erika%40gmail.com");
  });

  it("works the address out itself after a step in the browser, and shows nothing for none", async () => {
    const { rerender } = renderWithIntl(
      <EmailTypoNote email="erika@web.dee" takeHref="/recovery" />,
    );
    expect((await screen.findByRole("link")).getAttribute("href")).toBe(
      "/recovery?email=erika%40web.de",
    );
    rerender(<EmailTypoNote email="erika@web.de" takeHref="/recovery" />);
    await waitFor(() => expect(screen.queryByRole("link")).toBeNull());
  });
});
