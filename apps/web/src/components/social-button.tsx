import { clsx } from "clsx";
import type * as React from "react";
import { Button, type ButtonProps } from "./button";

// Social sign-in buttons in each provider's own style (colours in tokens.css): Apple black
// with the white logo on light pages and white with the black logo on dark ones (Apple's Human
// Interface Guidelines), Facebook blue with the white "f" in both schemes (Meta's current,
// darker blue, so white text reaches 4.5:1), Google in its light or dark theme with the
// coloured "G" (Google Identity's branding guidelines). Any other provider gets the secondary
// button. Logos are decoration (aria-hidden): the label names the provider.

export type SocialBrand = "apple" | "facebook" | "google";

const BRANDS: readonly SocialBrand[] = ["apple", "facebook", "google"];

/** The brand of a provider id (`google`, `apple`, `facebook`); undefined for any other. */
export function socialBrand(providerId: string): SocialBrand | undefined {
  return BRANDS.find((brand) => brand === providerId);
}

export type SocialButtonProps = Omit<ButtonProps, "variant"> & {
  /** The provider id the identity service sends (`google`). */
  provider: string;
};

export function SocialButton({
  provider,
  children,
  className,
  ...props
}: SocialButtonProps): React.JSX.Element {
  const brand = socialBrand(provider);
  return (
    <Button {...props} variant={brand ?? "secondary"} className={clsx("w-full", className)}>
      <ProviderLogo provider={provider} />
      {children}
    </Button>
  );
}

/** The provider's logo mark (20px), or nothing for a provider without a brand here. */
export function ProviderLogo({ provider }: { provider: string }): React.JSX.Element | null {
  const brand = socialBrand(provider);
  if (!brand) return null;
  return (
    <svg
      aria-hidden="true"
      data-slot="provider-logo"
      data-brand={brand}
      viewBox={LOGOS[brand].viewBox}
      className="size-5 shrink-0"
    >
      {LOGOS[brand].paths.map(([fill, d]) => (
        <path key={d} fill={fill} d={d} />
      ))}
    </svg>
  );
}

const LOGOS: Record<SocialBrand, { viewBox: string; paths: readonly [string, string][] }> = {
  apple: {
    viewBox: "0 0 814 1000",
    paths: [
      [
        "currentColor",
        "M788.1 340.9c-5.8 4.5-108.2 62.2-108.2 190.5 0 148.4 130.3 200.9 134.2 202.2-.6 3.2-20.7 71.9-68.7 141.9-42.8 61.6-87.5 123.1-155.5 123.1s-85.5-39.5-164-39.5c-76.5 0-103.7 40.8-165.9 40.8s-105.6-57-155.5-127C46.7 790.7 0 663 0 541.8c0-194.4 126.4-297.5 250.8-297.5 66.1 0 121.2 43.4 162.7 43.4 39.5 0 101.1-46 176.3-46 28.5 0 130.9 2.6 198.3 99.2zm-234-181.5c31.1-36.9 53.1-88.1 53.1-139.3 0-7.1-.6-14.3-1.9-20.1-50.6 1.9-110.8 33.7-147.1 75.8-28.5 32.4-55.1 83.6-55.1 135.5 0 7.8 1.3 15.6 1.9 18.1 3.2.6 8.4 1.3 13.6 1.3 45.4 0 102.5-30.4 135.5-71.3z",
      ],
    ],
  },
  facebook: {
    viewBox: "0 0 24 24",
    paths: [
      [
        "currentColor",
        "M24 12.073C24 5.405 18.627 0 12 0S0 5.405 0 12.073C0 18.1 4.388 23.094 10.125 24v-8.437H7.078v-3.49h3.047V9.41c0-3.025 1.792-4.697 4.533-4.697 1.312 0 2.686.236 2.686.236v2.971H15.83c-1.491 0-1.956.93-1.956 1.886v2.264h3.328l-.532 3.49h-2.796V24C19.612 23.094 24 18.1 24 12.073z",
      ],
    ],
  },
  google: {
    viewBox: "0 0 48 48",
    paths: [
      [
        "#EA4335",
        "M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z",
      ],
      [
        "#4285F4",
        "M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z",
      ],
      [
        "#FBBC05",
        "M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z",
      ],
      [
        "#34A853",
        "M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z",
      ],
    ],
  },
};
