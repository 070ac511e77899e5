import { describe, expect, it } from "vitest";
import { withoutQueries } from "./query-free-urls.ts";

describe("withoutQueries", () => {
  it("cuts the query and fragment off URLs and paths, wherever they stand in a text", () => {
    expect(
      withoutQueries("fetch GET http://127.0.0.1:4433/self-service/login/flows?id=c830fe6a"),
    ).toBe("fetch GET http://127.0.0.1:4433/self-service/login/flows");
    expect(withoutQueries("/self-service/recovery?token=abc&flow=1")).toBe(
      "/self-service/recovery",
    );
    expect(withoutQueries("https://konto.example/verification#code=123456")).toBe(
      "https://konto.example/verification",
    );
  });

  it("leaves texts without a URL's query as they are", () => {
    for (const text of ["POST /[locale]/login", "GET", "/health/ready", "is it? yes"]) {
      expect(withoutQueries(text)).toBe(text);
    }
  });
});
