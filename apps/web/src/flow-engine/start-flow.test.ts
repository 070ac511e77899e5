// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { startBrowserFlow, startsInPlace } from "./start-flow";

function answering(response: Response): typeof fetch {
  return vi.fn<typeof fetch>().mockResolvedValue(response);
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const options = { baseUrl: "http://identity.test", requestId: "r-1", browser: {} };

describe("startBrowserFlow", () => {
  it("returns the new flow's id and the identity service's cookies", async () => {
    const fetch = answering(json(200, { id: "f-1" }, { "set-cookie": "csrf_token_x=a; Path=/" }));
    const query = new URLSearchParams({ return_to: "http://app.test/api/redirect" });
    await expect(startBrowserFlow("registration", query, { ...options, fetch })).resolves.toEqual({
      id: "f-1",
      setCookies: ["csrf_token_x=a; Path=/"],
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(
      "http://identity.test/self-service/registration/browser?return_to=http%3A%2F%2Fapp.test%2Fapi%2Fredirect",
    );
  });

  it("returns nothing for anything but a new flow: an error, a redirect, no id, no service", async () => {
    const answers = [
      answering(json(400, { error: { id: "session_already_available" } })),
      answering(new Response(null, { status: 303, headers: { location: "http://app.test/" } })),
      answering(json(200, { error: "odd" })),
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError("fetch failed")),
    ];
    for (const fetch of answers) {
      await expect(
        startBrowserFlow("login", new URLSearchParams(), { ...options, fetch }),
      ).resolves.toBeUndefined();
    }
  });

  it("says when the identity service is briefly unavailable, so the screen can say so", async () => {
    const fetch = answering(
      json(503, { error: { id: "service_unavailable", code: 503 } }, { "retry-after": "5" }),
    );
    await expect(
      startBrowserFlow("registration", new URLSearchParams(), { ...options, fetch }),
    ).resolves.toBe("unavailable");
  });
});

describe("startsInPlace", () => {
  it("starts sign-in, registration, recovery and verification, not settings or a partner's sign-in", () => {
    const none = new URLSearchParams();
    expect(
      ["login", "registration", "recovery", "verification"].map((flow) =>
        startsInPlace(flow as "login", none),
      ),
    ).toEqual([true, true, true, true]);
    expect(startsInPlace("settings", none)).toBe(false);
    expect(startsInPlace("login", new URLSearchParams({ login_challenge: "c" }))).toBe(false);
  });
});
