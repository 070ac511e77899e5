import { describe, expect, it } from "vitest";
import { hasArgon2idParameters, verifyArgon2 } from "./argon2.ts";
import { createDummyHash } from "./dummy-hash.ts";
import { defaultArgon2Options } from "./password-hasher.ts";

describe("createDummyHash", () => {
  it("ships a well-formed hash for the default parameters", async () => {
    const encoded = await createDummyHash(defaultArgon2Options)();
    expect(hasArgon2idParameters(encoded, defaultArgon2Options)).toBe(true);
    // Costs a full verify (and fails): a malformed hash would return at once.
    expect(await verifyArgon2("", encoded)).toBe(false);
  });

  it("computes a hash with the configured parameters once", async () => {
    const options = { memoryKib: 1024, iterations: 1, parallelism: 1 };
    const dummyHash = createDummyHash(options);
    const [first, second] = await Promise.all([dummyHash(), dummyHash()]);
    expect(hasArgon2idParameters(first, options)).toBe(true);
    expect(second).toBe(first);
    expect(await dummyHash()).toBe(first);
  });
});
