import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Logo } from "./logo";
import { Spinner } from "./spinner";
import { renderWithIntl } from "./test-utils";

describe("Spinner", () => {
  it("tells screen readers that something is loading", () => {
    renderWithIntl(<Spinner />);
    expect(screen.getByRole("status").textContent).toBe("Wird geladen …");
  });
});

describe("Logo", () => {
  it("is a 245x84 image named Moos", () => {
    render(<Logo />);
    const logo = screen.getByRole("img", { name: "Moos" });
    expect(logo.getAttribute("width")).toBe("245");
    expect(logo.getAttribute("height")).toBe("84");
  });
});
