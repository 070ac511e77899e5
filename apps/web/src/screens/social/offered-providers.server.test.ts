// @vitest-environment node
// The splash's social buttons come from a login flow the web app asks for and remembers; a
// failed answer must not take away buttons the service offered before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity } from "../../flow-engine/testing/fake-identity";

vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => new Map(),
}));
vi.mock("../../lib/report-error", () => ({ reportError: async () => {} }));

const googleNode = {
  type: "input",
  group: "oidc",
  attributes: { name: "provider", type: "submit", value: "google", node_type: "input" },
  messages: [],
  meta: { label: { id: 1010002, type: "info", text: "Sign in with Google" } },
};
const flowWithGoogle = { id: "f-1", ui: { action: "", method: "POST", nodes: [googleNode] } };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the providers the splash offers", () => {
  it("asks once a minute, and keeps the last answer when asking again fails", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { offeredProviderNodes } = await import("./offered-providers.server");
    const identity = fakeIdentity({ status: 200, body: flowWithGoogle }, { status: 503 });
    vi.stubGlobal("fetch", identity.fetch);

    expect((await offeredProviderNodes()).map((node) => node.group)).toEqual(["oidc"]);
    expect(await offeredProviderNodes()).toHaveLength(1);
    expect(identity.requests).toHaveLength(1);

    vi.advanceTimersByTime(61_000);
    expect(await offeredProviderNodes()).toHaveLength(1);
    expect(identity.requests).toHaveLength(2);
  });

  it("offers none while the service has never answered, and asks again after a few seconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { offeredProviderNodes } = await import("./offered-providers.server");
    const identity = fakeIdentity({ status: 503 }, { status: 200, body: flowWithGoogle });
    vi.stubGlobal("fetch", identity.fetch);

    expect(await offeredProviderNodes()).toEqual([]);
    expect(await offeredProviderNodes()).toEqual([]);
    expect(identity.requests).toHaveLength(1);

    vi.advanceTimersByTime(6_000);
    expect(await offeredProviderNodes()).toHaveLength(1);
    expect(identity.requests).toHaveLength(2);
  });
});
