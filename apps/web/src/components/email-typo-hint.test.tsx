import { fireEvent, screen, waitFor } from "@testing-library/react";
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
