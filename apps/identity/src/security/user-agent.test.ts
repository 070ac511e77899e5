import { describe, expect, it } from "vitest";
import { dayOf } from "./days.ts";
import { describeUserAgent } from "./user-agent.ts";

describe("describeUserAgent", () => {
  it("names browser and operating system with ua-parser-js", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      ),
    ).toEqual({ browser: "Firefox", os: "Windows" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Mobile Safari", os: "iOS" });
  });

  it("names nothing it cannot tell", () => {
    expect(describeUserAgent(undefined)).toEqual({});
    expect(describeUserAgent("")).toEqual({});
    expect(describeUserAgent("curl-ish/1")).toEqual({});
  });
});

describe("dayOf", () => {
  it("counts days in the given time zone", () => {
    const lateEvening = new Date("2026-11-22T23:30:00Z");
    expect(dayOf(lateEvening, "UTC")).toBe("2026-11-22");
    expect(dayOf(lateEvening, "Europe/Berlin")).toBe("2026-11-23");
  });
});
