import type { Identity, Session } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { requestConsent } from "../newsletter/consent";
import { buildAccountExport, EXPORT_FORMAT } from "./data-export";
import { isRecentSignIn } from "./recent-sign-in";

const now = new Date("2026-11-22T10:00:00.000Z");

const identity = {
  id: "0b9a4c3e-6f1d-4a8e-9c2b-7d5e3f1a2b4c",
  schema_id: "default",
  schema_url: "",
  traits: { email: "anna@example.com", name: { first: "Anna", last: "Farnkraut" } },
  created_at: new Date("2026-01-01T00:00:00.000Z"),
  verifiable_addresses: [
    {
      value: "anna@example.com",
      verified: true,
      verified_at: new Date("2026-01-01T00:05:00.000Z"),
      via: "email",
      status: "completed",
    },
  ],
  credentials: {
    password: { type: "password", config: {} },
    oidc: {
      type: "oidc",
      config: {
        providers: [
          { provider: "google", subject: "1", initial_access_token: "secret" },
          { provider: "apple", subject: "2" },
        ],
      },
    },
  },
  metadata_admin: {
    newsletter: requestConsent(undefined, { now, locale: "de", tokenSha256: "hash-secret" }),
  },
} as unknown as Identity;

const session = {
  id: "s1",
  authenticated_at: new Date("2026-11-22T09:55:00.000Z"),
  expires_at: new Date("2026-12-22T09:55:00.000Z"),
  devices: [{ id: "d1", user_agent: "Firefox", ip_address: "127.0.0.1" }],
} as unknown as Session;

describe("account data export", () => {
  it("holds profile, addresses, providers, consent history and sessions", () => {
    const data = buildAccountExport(identity, [session], now);
    expect(data).toEqual({
      format: EXPORT_FORMAT,
      exported_at: now.toISOString(),
      profile: {
        id: identity.id,
        traits: identity.traits,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: undefined,
      },
      addresses: [
        { value: "anna@example.com", verified: true, verified_at: "2026-01-01T00:05:00.000Z" },
      ],
      linked_providers: ["apple", "google"],
      newsletter: {
        status: "pending",
        subscribed: false,
        history: [
          {
            event: "requested",
            at: now.toISOString(),
            locale: "de",
            text_version: expect.any(String),
          },
        ],
      },
      sessions: [
        {
          id: "s1",
          authenticated_at: "2026-11-22T09:55:00.000Z",
          expires_at: "2026-12-22T09:55:00.000Z",
          devices: [{ user_agent: "Firefox", ip_address: "127.0.0.1" }],
        },
      ],
    });
  });

  it("leaves secrets out", () => {
    const text = JSON.stringify(buildAccountExport(identity, [session], now));
    expect(text).not.toContain("hash-secret");
    expect(text).not.toContain("initial_access_token");
  });
});

describe("recent sign-in", () => {
  it("is 15 minutes", () => {
    expect(isRecentSignIn({ authenticated_at: new Date(now.getTime() - 15 * 60_000) }, now)).toBe(
      true,
    );
    expect(
      isRecentSignIn({ authenticated_at: new Date(now.getTime() - 15 * 60_000 - 1) }, now),
    ).toBe(false);
    expect(isRecentSignIn({ authenticated_at: undefined }, now)).toBe(false);
  });
});
