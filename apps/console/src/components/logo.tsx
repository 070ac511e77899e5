import type * as React from "react";

/**
 * The Moos wordmark (245x84): a moss leaf and the name, drawn inline so it costs no request.
 * Named once (aria-label): a <title> as well made screen readers say "Moos" twice; role=img
 * makes the <text> inside part of the picture, not read on its own.
 */
export function Logo(): React.JSX.Element {
  return (
    <svg
      role="img"
      aria-label="Moos"
      width="245"
      height="84"
      viewBox="0 0 245 84"
      className="h-auto max-w-full text-green-700"
    >
      <g fill="currentColor">
        <path d="M42 12C22 14 10 28 12 50c1 9 5 16 11 20 1-15 7-28 19-38-9 12-13 24-13 40 20-2 31-16 31-36 0-9-4-17-11-24-2 0-5 0-7 0Z" />
        <text
          x="74"
          y="60"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize="46"
          fontWeight="700"
          letterSpacing="1"
        >
          Moos
        </text>
      </g>
    </svg>
  );
}
