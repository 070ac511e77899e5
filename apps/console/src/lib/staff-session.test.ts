import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealed-cookie";
import {
  ABSOLUTE_TIMEOUT_SECONDS,
  IDLE_TIMEOUT_SECONDS,
  readSession,
  type StaffSession,
  sealSession,
  sessionEndsAt,
} from "./staff-session";

// docs/console.md#sessions: the staff session ends after 30 minutes idle or 8 hours in all, can
// be read by every instance with the same secrets, and nothing else can read or change it.

const secrets = ["first-secret-0123456789abcdef0123456789"];
const start = Math.floor(Date.now() / 1000);
const session: StaffSession = {
  sid: "sid-1",
  sub: "3f1c3a5e-5b7e-4d53-9a43-0c2f7d3e9b11",
  authTime: start,
  amr: ["password", "totp"],
  acr: "aal2",
  createdAt: start,
  seenAt: start,
  idToken: "header.payload.signature",
};

describe("the staff session", () => {
  it("is read back as it was sealed", async () => {
    const cookie = await sealSession(session, secrets);
    expect(cookie).not.toContain(session.sub);
    expect(await readSession(cookie, secrets, start + 60)).toEqual({ kind: "active", session });
  });

  it("ends 30 minutes after the last request", async () => {
    const cookie = await sealSession(session, secrets);
    const idle = await readSession(cookie, secrets, start + IDLE_TIMEOUT_SECONDS - 1);
    expect(idle.kind).toBe("active");
    expect(await readSession(cookie, secrets, start + IDLE_TIMEOUT_SECONDS)).toEqual({
      kind: "ended",
      why: "idle",
    });
  });

  it("ends 8 hours after signing in, however active", async () => {
    const late = { ...session, seenAt: start + ABSOLUTE_TIMEOUT_SECONDS - 60 };
    expect(sessionEndsAt(late)).toBe(start + ABSOLUTE_TIMEOUT_SECONDS);
    const cookie = await sealSession(late, secrets);
    expect(await readSession(cookie, secrets, start + ABSOLUTE_TIMEOUT_SECONDS)).toEqual({
      kind: "ended",
      why: "absolute",
    });
  });

  it("opens under an older secret after a new one was put first", async () => {
    const cookie = await sealSession(session, secrets);
    const rotated = ["second-secret-0123456789abcdef012345678", ...secrets];
    expect((await readSession(cookie, rotated, start)).kind).toBe("active");
    expect((await readSession(cookie, ["other-secret-0123456789abcdef01234567"], start)).kind).toBe(
      "none",
    );
  });

  it("takes nothing changed, and no value sealed for another purpose", async () => {
    const cookie = await sealSession(session, secrets);
    const changed = `${cookie.slice(0, -4)}AAAA`;
    expect((await readSession(changed, secrets, start)).kind).toBe("none");
    const search = await seal(
      { sid: "sid-1" },
      { secrets, purpose: "search", expiresAt: start + 60 },
    );
    expect(await unseal(search, { secrets, purpose: "session" })).toBeUndefined();
    expect((await readSession("not a cookie", secrets, start)).kind).toBe("none");
  });
});
