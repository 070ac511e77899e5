import { describe, expect, it } from "vitest";
import { continueTarget } from "./continue-target";

const clients = {
  self: { home: "https://konto.moos.example", allowedReturnUrls: [] },
  app: { home: "https://app.moos.example/start", allowedReturnUrls: [] },
};

describe("continueTarget", () => {
  it("goes back to the home of the client the customer came from", () => {
    expect(continueTarget({ clientName: "app", clients, shopUrl: "https://moos.example" })).toEqual(
      { href: "https://app.moos.example/start", kind: "client" },
    );
  });

  it("offers the shop when the client is this app, unknown or not given", () => {
    for (const clientName of ["self", "nobody", undefined]) {
      expect(continueTarget({ clientName, clients, shopUrl: "https://moos.example" })).toEqual({
        href: "https://moos.example",
        kind: "shop",
      });
    }
  });

  it("offers nothing without SHOP_URL and without a client", () => {
    expect(continueTarget({ clientName: "self", clients, shopUrl: undefined })).toBeUndefined();
  });
});
