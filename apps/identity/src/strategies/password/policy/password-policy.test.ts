import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { messageCatalogue } from "@moos/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  defaultPasswordPolicyOptions,
  type PasswordPolicyOptions,
  validatePassword,
} from "./password-policy.ts";

const identifier = "jane.doe@example.com";
const strong = "kq7#vLm2";

async function check(
  password: string,
  overrides: Partial<PasswordPolicyOptions> & { identifier?: string } = {},
): ReturnType<typeof validatePassword> {
  const { identifier: id = identifier, ...options } = overrides;
  return validatePassword(
    { password, identifier: id },
    { ...defaultPasswordPolicyOptions, ...options },
  );
}

/** Kratos's English text with the catalogue example's numbers replaced, in order. */
function kratosText(id: 4000032 | 4000033, numbers: readonly number[]): string {
  let index = 0;
  return messageCatalogue[id].text.replace(/\d+/g, () => String(numbers[index++]));
}

describe("length", () => {
  it("refuses 7 characters and allows 8", async () => {
    expect(await check(strong.slice(0, 7))).toEqual({
      id: 4000032,
      type: "error",
      text: "The password must be at least 8 characters long, but got 7.",
      context: { min_length: 8, actual_length: 7 },
    });
    expect(await check(strong)).toBeUndefined();
  });

  it("allows 1024 characters and refuses 1025 without truncating", async () => {
    const password = "Zq9!wX3v".repeat(128);
    expect(await check(password)).toBeUndefined();
    expect(await check(`${password}a`)).toEqual({
      id: 4000033,
      type: "error",
      text: "The password must be at most 1024 characters long, but got 1025.",
      context: { max_length: 1024, actual_length: 1025 },
    });
  });

  it("uses Kratos's exact sentences", async () => {
    expect((await check("short"))?.text).toBe(kratosText(4000032, [8, 5]));
    expect((await check("y".repeat(2000)))?.text).toBe(kratosText(4000033, [1024, 2000]));
  });

  it("counts code points, not UTF-16 units or bytes", async () => {
    expect(await check("🐄".repeat(7))).toMatchObject({
      id: 4000032,
      context: { actual_length: 7 },
    });
    expect(await check("🐄".repeat(8))).toBeUndefined();
    expect(await check("äöüßäöü")).toMatchObject({ id: 4000032, context: { actual_length: 7 } });
  });

  it("honours configured limits", async () => {
    expect(await check(strong, { minLength: 12 })).toMatchObject({
      context: { min_length: 12, actual_length: 8 },
    });
    expect(await check(strong, { maxLength: 7 })).toMatchObject({
      id: 4000033,
      context: { max_length: 7, actual_length: 8 },
    });
  });
});

describe("similarity to the identifier", () => {
  const tooSimilar = {
    id: 4000031,
    type: "error",
    text: "The password can not be used because it is too similar to the identifier.",
  };

  it("refuses the email address and near copies of it", async () => {
    expect(await check(identifier)).toEqual(tooSimilar);
    expect(await check("Jane.Doe@Example.COM!")).toEqual(tooSimilar);
  });

  it("refuses passwords built on the email's local part", async () => {
    expect(await check("jane.doe1984")).toEqual(tooSimilar);
    expect(await check("JaneDoe!", { identifier: "janedoe@example.com" })).toEqual(tooSimilar);
  });

  it("allows unrelated passwords, no identifier, and the check switched off", async () => {
    expect(await check("correct horse battery")).toBeUndefined();
    expect(await check("jane.doe1984", { identifier: "" })).toBeUndefined();
    const disabled = { identifierSimilarityCheckEnabled: false };
    expect(await check("jane.doe1984", disabled)).toBeUndefined();
  });

  it("comes after the length rules", async () => {
    expect(await check("jane.do")).toMatchObject({ id: 4000032 });
  });
});

describe("bundled breach list", () => {
  const breached = {
    id: 4000034,
    type: "error",
    text: "The password has been found in data breaches and must no longer be used.",
    context: { breaches: 1 },
  };

  it.each(["password123", "qwertyuiop", "QwertyUIOP", "iloveyou1"])(
    "refuses %j",
    async (password) => {
      expect(await check(password)).toEqual(breached);
    },
  );

  it("uses Kratos's exact sentence", async () => {
    expect((await check("password123"))?.text).toBe(messageCatalogue[4000034].text);
  });

  it("comes after the length and similarity rules", async () => {
    expect(await check("letmein")).toMatchObject({ id: 4000032 });
    expect(await check("password123", { identifier: "password123@example.com" })).toMatchObject({
      id: 4000031,
    });
  });
});

describe("Have I Been Pwned", () => {
  const pwned = "rarely-typed-but-leaked";
  const suffix = createHash("sha1").update(pwned).digest("hex").toUpperCase().slice(5);
  let server: Server;
  let requestCount = 0;
  let isHanging = false;
  let hibp: Partial<PasswordPolicyOptions>;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requestCount++;
      if (isHanging) return;
      response.end(`${suffix}:3\r\n0018A45C4D1DEF81644B54AB7F969B88D65:0`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    hibp = { haveIBeenPwnedEnabled: true, haveIBeenPwnedHost: `http://127.0.0.1:${port}` };
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    requestCount = 0;
    isHanging = false;
  });

  it("refuses a hit with the breach count", async () => {
    expect(await check(pwned, hibp)).toEqual({
      id: 4000034,
      type: "error",
      text: "The password has been found in data breaches and must no longer be used.",
      context: { breaches: 3 },
    });
  });

  it("allows a miss, and counts up to maxBreaches", async () => {
    expect(await check("rarely-typed-never-leaked", hibp)).toBeUndefined();
    expect(await check(pwned, { ...hibp, maxBreaches: 3 })).toBeUndefined();
    expect(await check(pwned, { ...hibp, maxBreaches: 2 })).toMatchObject({ id: 4000034 });
  });

  it("ignores a timeout", async () => {
    isHanging = true;
    expect(await check(pwned, { ...hibp, haveIBeenPwnedTimeoutMs: 100 })).toBeUndefined();
    expect(requestCount).toBe(1);
  });

  it("uses the fetch it is given", async () => {
    const calls: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const options = { ...defaultPasswordPolicyOptions, ...hibp };
    expect(
      await validatePassword({ password: pwned, identifier }, options, fetchImpl),
    ).toMatchObject({
      context: { breaches: 3 },
    });
    expect(calls).toEqual([
      `${hibp.haveIBeenPwnedHost}/range/${createHash("sha1").update(pwned).digest("hex").toUpperCase().slice(0, 5)}`,
    ]);
  });

  it("is not asked when disabled, or when an earlier rule already failed", async () => {
    expect(await check(pwned)).toBeUndefined();
    expect(await check("password123", hibp)).toMatchObject({ context: { breaches: 1 } });
    expect(await check("short", hibp)).toMatchObject({ id: 4000032 });
    expect(requestCount).toBe(0);
  });
});
