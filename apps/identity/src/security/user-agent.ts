import { UAParser } from "ua-parser-js";

// Browser and operating system from a User-Agent, for notices and the account activity
// ("Firefox on Windows"). ua-parser-js keeps up with new browsers so we do not have to.

export interface DeviceDescription {
  browser?: string;
  os?: string;
}

export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  if (!userAgent) return {};
  const { browser, os } = UAParser(userAgent);
  return {
    ...(browser.name ? { browser: browser.name } : {}),
    ...(os.name ? { os: os.name } : {}),
  };
}
