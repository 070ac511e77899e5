// A short, readable name for a session's device from its User-Agent ("Firefox · Windows").
// Only the common families are told apart; anything else shows as an unknown device.

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Chromium\//, "Chromium"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

function match(
  userAgent: string,
  table: readonly (readonly [RegExp, string])[],
): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function describeDevice(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const parts = [match(userAgent, BROWSERS), match(userAgent, SYSTEMS)].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}
