import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SocialButton, socialBrand } from "./social-button";

describe("SocialButton", () => {
  it("shows each provider in its brand style, its logo hidden from assistive technology", () => {
    render(
      <>
        <SocialButton provider="apple">Weiter mit Apple</SocialButton>
        <SocialButton provider="facebook">Weiter mit Facebook</SocialButton>
        <SocialButton provider="google">Weiter mit Google</SocialButton>
      </>,
    );
    const apple = screen.getByRole("button", { name: "Weiter mit Apple" });
    // Black on light pages, white on dark ones (tokens.css: apple).
    expect(apple.className).toContain("bg-apple");
    const facebook = screen.getByRole("button", { name: "Weiter mit Facebook" });
    // Meta's darker blue: white text on the brand blue #1877f2 would be only 4.23:1.
    expect(facebook.className).toContain("bg-facebook-600");
    const google = screen.getByRole("button", { name: "Weiter mit Google" });
    expect(google.className).toContain("bg-google");
    for (const button of [apple, facebook, google]) {
      const logo = button.querySelector("[data-slot=provider-logo]");
      expect(logo?.getAttribute("aria-hidden")).toBe("true");
      expect(button.className).toContain("w-full");
    }
  });

  it("falls back to the secondary button without a logo for other providers", () => {
    render(
      <SocialButton provider="gitlab" type="submit" name="provider" value="gitlab">
        Weiter mit GitLab
      </SocialButton>,
    );
    const button = screen.getByRole("button", { name: "Weiter mit GitLab" });
    expect(button.className).toContain("border-green-700");
    expect(button.querySelector("[data-slot=provider-logo]")).toBeNull();
    expect(button.getAttribute("name")).toBe("provider");
    expect(button.getAttribute("value")).toBe("gitlab");
  });

  it("knows the three brands by provider id", () => {
    expect(socialBrand("google")).toBe("google");
    expect(socialBrand("apple")).toBe("apple");
    expect(socialBrand("facebook")).toBe("facebook");
    expect(socialBrand("Google")).toBeUndefined();
  });
});
