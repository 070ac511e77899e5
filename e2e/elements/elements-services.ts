// What the Ory Elements suite's specs know about its running services (written by its global
// setup): per mode, the peer app and the identity service behind it. The file also has the
// shape the shared helpers read (e2e/support/services/service-set.ts), for the MailDev inbox.

import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA } from "../support/services/processes.ts";
import type { Services } from "../support/services/service-set.ts";

export const ELEMENTS_DATA = path.join(E2E_DATA, "elements");
export const ELEMENTS_SERVICES_FILE = path.join(ELEMENTS_DATA, "services.json");

/**
 * `proxy`: the app in development (`next dev`), the browser talking only to the app's origin,
 * whose @ory/nextjs proxy forwards to the identity service; `direct`: the app's production build
 * on one origin, the browser calling the identity service on another (CORS).
 */
export type Mode = "proxy" | "direct";
export const MODES: readonly Mode[] = ["proxy", "direct"];

export interface ModeServices {
  readonly appUrl: string;
  readonly identityPublicUrl: string;
  readonly identityAdminUrl: string;
  readonly adminToken: string;
}

export interface ElementsServices extends Services {
  readonly modes: Readonly<Record<Mode, ModeServices>>;
}

let cached: ElementsServices | undefined;

export function elementsServices(): ElementsServices {
  cached ??= JSON.parse(readFileSync(ELEMENTS_SERVICES_FILE, "utf8")) as ElementsServices;
  return cached;
}
