import type { Instrumentation } from "next";

// Next builds this hook for the Edge runtime as well as for Node.js, though no route of ours runs
// on the Edge. What the hooks do needs Node's APIs (log lines on process.stdout, node:net for
// the trusted proxies), so it lives in instrumentation-node.ts and is imported only in Node.js:
// Next replaces `process.env.NEXT_RUNTIME` at build time, so the Edge build never sees it.

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs")
    await (await import("./instrumentation-node")).register();
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await (await import("./instrumentation-node")).onRequestError(...args);
  }
};
