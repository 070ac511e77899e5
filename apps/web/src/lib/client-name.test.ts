import { describe, expect, it } from "vitest";
import {
  CLIENT_STORAGE_KEY,
  clientCookie,
  clientCookieName,
  parseClientName,
  persistClientName,
  readStoredClient,
  storeClient,
} from "./client-name";

function memoryStorage(initial: Record<string, string> = {}): Pick<
  Storage,
  "getItem" | "setItem"
> & {
  data: Record<string, string>;
} {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

describe("client name", () => {
  it("accepts plain names only", () => {
    expect(parseClientName("shop")).toBe("shop");
    expect(parseClientName(" app-ios_2 ")).toBe("app-ios_2");
    expect(parseClientName("")).toBeUndefined();
    expect(parseClientName("a b")).toBeUndefined();
    expect(parseClientName("x;Path=/")).toBeUndefined();
    expect(parseClientName("x".repeat(65))).toBeUndefined();
    expect(parseClientName(null)).toBeUndefined();
  });

  it("is stored under the product's key as { client }", () => {
    const storage = memoryStorage();
    storeClient(storage, "shop");
    expect(JSON.parse(storage.data[CLIENT_STORAGE_KEY] ?? "")).toEqual({ client: "shop" });
    expect(readStoredClient(storage)).toBe("shop");
  });

  it("reads nothing from broken or foreign storage", () => {
    expect(readStoredClient(memoryStorage({ moos: "{not json" }))).toBeUndefined();
    expect(
      readStoredClient(memoryStorage({ moos: JSON.stringify({ client: null }) })),
    ).toBeUndefined();
    expect(
      readStoredClient(memoryStorage({ moos: JSON.stringify({ client: "<script>" }) })),
    ).toBeUndefined();
  });

  it("builds a cookie the server can read without JavaScript", () => {
    expect(clientCookie("shop", false)).toBe(
      "moos_client=shop; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("over https: Secure and __Host- (host only, path /), under the name both sides read", () => {
    expect(clientCookie("shop", true)).toBe(
      "__Host-moos_client=shop; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(clientCookieName(true)).toBe("__Host-moos_client");
    const cookies: string[] = [];
    const options = { search: "", setCookie: (c: string) => cookies.push(c), secure: true };
    const storage = memoryStorage({ moos: JSON.stringify({ client: "app" }) });
    persistClientName({ ...options, storage, cookies: "__Host-moos_client=app" });
    expect(cookies).toEqual([]);
    // A plain-named cookie (a sibling subdomain could have planted it) is not the one.
    persistClientName({ ...options, storage, cookies: "moos_client=app" });
    expect(cookies).toEqual([
      "__Host-moos_client=app; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    ]);
  });
});

describe("persistClientName (every page, in the browser)", () => {
  it("stores ?client= and sets the cookie", () => {
    const storage = memoryStorage();
    const cookies: string[] = [];
    const client = persistClientName({
      search: "?flow=1&client=shop",
      storage,
      cookies: "",
      setCookie: (cookie) => cookies.push(cookie),
      secure: false,
    });
    expect(client).toBe("shop");
    expect(readStoredClient(storage)).toBe("shop");
    expect(cookies).toEqual(["moos_client=shop; Path=/; Max-Age=31536000; SameSite=Lax"]);
  });

  it("restores the cookie from storage when it is gone", () => {
    const storage = memoryStorage({ moos: JSON.stringify({ client: "app" }) });
    const cookies: string[] = [];
    persistClientName({
      search: "",
      storage,
      cookies: "a=1",
      setCookie: (c) => cookies.push(c),
      secure: false,
    });
    expect(cookies).toHaveLength(1);
  });

  it("leaves a matching cookie alone and does nothing without a client", () => {
    const cookies: string[] = [];
    const setCookie = (c: string): void => {
      cookies.push(c);
    };
    persistClientName({
      search: "?client=app",
      storage: memoryStorage(),
      cookies: "moos_client=app",
      setCookie,
      secure: false,
    });
    expect(
      persistClientName({
        search: "",
        storage: memoryStorage(),
        cookies: "",
        setCookie,
        secure: false,
      }),
    ).toBeUndefined();
    expect(cookies).toEqual([]);
  });

  it("lets ?client= win over the stored name", () => {
    const storage = memoryStorage({ moos: JSON.stringify({ client: "app" }) });
    persistClientName({
      search: "?client=shop",
      storage,
      cookies: "",
      setCookie: () => {},
      secure: false,
    });
    expect(readStoredClient(storage)).toBe("shop");
  });
});
