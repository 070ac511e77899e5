import { fireEvent, render, screen } from "@testing-library/react";
import type * as React from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button", () => {
  it("is a plain button with its label", () => {
    render(<Button>Anmelden</Button>);
    const button = screen.getByRole("button", { name: "Anmelden" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.getAttribute("aria-busy")).toBeNull();
    expect(button.querySelector("[data-slot=loading-dots]")).toBeNull();
    expect(button.className).toContain("min-h-button");
  });

  it("shows three dots instead of its label while loading and is marked busy", () => {
    render(
      <Button type="submit" isLoading>
        Anmelden
      </Button>,
    );
    // The accessible name stays, so screen readers still know which button is busy.
    const button = screen.getByRole("button", { name: "Anmelden" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    const dots = button.querySelector("[data-slot=loading-dots]");
    expect(dots?.getAttribute("aria-hidden")).toBe("true");
    expect(dots?.children).toHaveLength(3);
    expect(button.querySelector("[data-slot=label]")?.className).toContain("opacity-0");
  });

  it("ignores clicks while loading, so a form is not sent twice", () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit" isLoading onClick={onClick}>
          Speichern
        </Button>
      </form>,
    );
    expect(screen.getByRole("button").getAttribute("type")).toBe("button");
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick}>
          Speichern
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("has secondary and link variants", () => {
    render(
      <>
        <Button variant="secondary">Zurück</Button>
        <Button variant="link">Neu laden</Button>
      </>,
    );
    expect(screen.getByRole("button", { name: "Zurück" }).className).toContain("border-green-700");
    expect(screen.getByRole("button", { name: "Neu laden" }).className).toContain("underline");
  });
});
