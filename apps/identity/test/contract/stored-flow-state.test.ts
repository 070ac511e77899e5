import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Flow } from "../../src/flows/flow.ts";
import { type Harness, startHarness } from "../support/harness.ts";

// A stored flow is checked against its kind's declared state when loaded: one that holds
// something else (written by hand, or by a version that kept other keys) is no flow to the
// client, never a 500.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

async function spoil(id: string): Promise<void> {
  const flows = h.app.deps.persistence.flows;
  const flow = await flows.getFlow(id, "login");
  expect(flow).toBeDefined();
  const internal = { codeRound: "three" } as unknown as Flow["internal"];
  await flows.updateFlow({ ...(flow as Flow), internal });
}

describe("a stored flow that is not what its kind declares", () => {
  it("is not found by an app or a JSON client", async () => {
    const flow = await h.native().createNativeLoginFlow();
    await spoil(flow.id);
    const submit = await fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ method: "password", identifier: "a@example.com", password: "x" }),
    });
    expect(submit.status).toBe(404);
    const read = await fetch(`${h.publicUrl}/self-service/login/flows?id=${flow.id}`);
    expect(read.status).toBe(404);
  });

  it("sends a browser to a new flow", async () => {
    const init = await fetch(`${h.publicUrl}/self-service/login/browser`, { redirect: "manual" });
    const id = new URL(init.headers.get("location") ?? "").searchParams.get("flow");
    expect(id).toBeTruthy();
    await spoil(id as string);
    const submit = await fetch(`${h.publicUrl}/self-service/login?flow=${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "method=password&identifier=a%40example.com&password=x",
    });
    expect(submit.status).toBe(303);
    expect(submit.headers.get("location")).toBe(`${h.publicUrl}/self-service/login/browser`);
  });
});
