import { Configuration, FrontendApi } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { fetchFrom } from "../support/source-address.ts";
import { password, traitsOf, uniqueEmail } from "./account-helpers.ts";

// docs/security.md#client-addresses-and-request-ids: only the trusted proxies' X-Forwarded-For is believed (default 127.0.0.1 and ::1).
// A client on 127.0.0.2 is not a proxy: whatever it claims, it is keyed by its own address.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rate_limits: { flow_init_per_ip: { max: 3, window: "1h" } } });
});
afterAll(async () => h?.close());

function nativeFrom(localAddress: string, forwardedFor: string): FrontendApi {
  return new FrontendApi(
    new Configuration({
      basePath: h.publicUrl,
      fetchApi: fetchFrom(localAddress, { "x-forwarded-for": forwardedFor }),
      headers: { Accept: "application/json" },
    }),
  );
}

async function registeredDeviceAddress(api: FrontendApi): Promise<string | undefined> {
  const flow = await api.createNativeRegistrationFlow();
  const result = await api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: "password",
      password,
      traits: traitsOf(uniqueEmail("proxy")),
    },
  });
  return result.session?.devices?.[0]?.ip_address;
}

describe("trusted proxies", () => {
  it("records the socket address of a client that is not a trusted proxy", async () => {
    const address = await registeredDeviceAddress(nativeFrom("127.0.0.2", "203.0.113.7"));
    expect(address).toBe("127.0.0.2");
  });

  it("records the client address a trusted proxy forwards", async () => {
    const address = await registeredDeviceAddress(
      nativeFrom("127.0.0.1", "198.51.100.23, 203.0.113.9"),
    );
    expect(address).toBe("203.0.113.9");
  });

  it("keeps a spoofing client inside its per-IP budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetchFrom("127.0.0.3", { "x-forwarded-for": `198.51.100.${i}` })(
        `${h.publicUrl}/self-service/login/api`,
        { headers: { accept: "application/json" } },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("gives each client behind a trusted proxy its own budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetchFrom("127.0.0.1", { "x-forwarded-for": `192.0.2.${i}` })(
        `${h.publicUrl}/self-service/login/api`,
        { headers: { accept: "application/json" } },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
