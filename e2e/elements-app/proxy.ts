import { createOryMiddleware } from "@ory/nextjs/middleware";
import baseConfig from "./ory.config";

// @ory/nextjs's proxy: /self-service, /sessions/whoami and /.well-known/ory on this origin go to
// ORY_SDK_URL, with cookies and URLs rewritten for this origin (Next 16 names the file proxy.ts).
export const proxy = createOryMiddleware(baseConfig);
