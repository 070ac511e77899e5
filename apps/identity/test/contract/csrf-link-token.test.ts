import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  createAccount,
  csrfOf,
  type Json,
  request,
  submitWithoutCsrf,
  uniqueEmail,
} from "./account-helpers.ts";

// A recovery or verification submit skips the CSRF check when it carries its own proof: the
// token of an emailed link, which may be opened in another browser (link.test.ts opens links
// so). Only a link method reads that token; with codes, a `token` field must not let an
// address step through unchecked, and neither may a code or token that is not there (null).

describe("with codes (the default), a token field", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  it.each(["recovery", "verification"] as const)(
    "does not skip the CSRF check of the %s address step, and the flow stays as it was",
    async (kind) => {
      const email = uniqueEmail(`csrf-${kind}`);
      await createAccount(h, email, { verified: false });
      const { response, flowId, before, browser } = await submitWithoutCsrf(h, kind, {
        method: "code",
        email,
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as Json).error.id).toBe("security_csrf_violation");
      const after = (await (
        await request(browser, `${h.publicUrl}/self-service/${kind}/flows?id=${flowId}`)
      ).json()) as Json;
      expect(after.state).toBe("choose_method");
      expect(csrfOf(after)).toBe(csrfOf(before));
    },
  );

  it("does not skip it for a null code either", async () => {
    const email = uniqueEmail("csrf-null-code");
    await createAccount(h, email, { verified: false });
    const { response } = await submitWithoutCsrf(h, "verification", {
      method: "code",
      email,
      token: undefined,
      code: null,
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as Json).error.id).toBe("security_csrf_violation");
  });
});
