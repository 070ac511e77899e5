import type { Session } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import { signInFirst } from "./recent-session.server";
import { isRecentSignIn, RECENT_SIGN_IN_MS } from "./recent-sign-in";

// The browser tests cannot age a session (the identity service keeps authenticated_at), so the
// "signed in too long ago" branch of account deletion is checked here.

const now = new Date("2026-11-22T12:00:00.000Z");
const minutesAgo = (minutes: number, from = now): Date =>
  new Date(from.getTime() - minutes * 60 * 1000);
const session = (authenticatedAt: Date): Session => ({
  id: "s",
  identity: { id: "i", schema_id: "default", schema_url: "", traits: {} },
  authenticated_at: authenticatedAt,
});

describe("isRecentSignIn", () => {
  it("is a sign-in within the last 15 minutes", () => {
    expect(RECENT_SIGN_IN_MS).toBe(15 * 60 * 1000);
    expect(isRecentSignIn({ authenticated_at: minutesAgo(1) }, now)).toBe(true);
    expect(isRecentSignIn({ authenticated_at: minutesAgo(15) }, now)).toBe(true);
    expect(isRecentSignIn({ authenticated_at: minutesAgo(16) }, now)).toBe(false);
    expect(isRecentSignIn({ authenticated_at: undefined }, now)).toBe(false);
  });
});

describe("signInFirst", () => {
  const back = `${config.publicBaseUrl}/en/settings/delete`;

  it("sends a signed-out visitor to log in and back to the delete screen", () => {
    const target = new URL(signInFirst(undefined, "en") ?? "", config.publicBaseUrl);
    expect(target.pathname).toBe("/en/login");
    expect(target.searchParams.get("return_to")).toBe(back);
    expect(target.searchParams.has("refresh")).toBe(false);
  });

  it("asks an old session to sign in again (refresh) and come back", () => {
    const old = session(minutesAgo(60, new Date()));
    const target = new URL(signInFirst(old, "en") ?? "", config.publicBaseUrl);
    expect(target.pathname).toBe("/en/login");
    expect(target.searchParams.get("refresh")).toBe("true");
    expect(target.searchParams.get("return_to")).toBe(back);
  });

  it("lets a recent sign-in delete", () => {
    expect(signInFirst(session(new Date()), "de")).toBeUndefined();
  });
});
