import type { OryClientConfiguration } from "@ory/elements-react";
import baseConfig from "../ory.config";

// Where Ory Elements sends the browser's calls, read when a page renders (one build serves both
// ways the suite runs it): this app's own origin, whose proxy (proxy.ts) forwards to the
// identity service, or the identity service itself, which then answers with CORS. Ory
// Elements takes it as `sdk.url`, as its documentation offers for a URL known at run time.
export function oryConfig(): OryClientConfiguration {
  const url = process.env.ELEMENTS_SDK_URL;
  if (!url) throw new Error("ELEMENTS_SDK_URL is not set");
  return { ...baseConfig, sdk: { url } };
}
