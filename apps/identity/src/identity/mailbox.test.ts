import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/load-config.ts";
import { disposableDomainOf } from "./disposable-email.ts";
import { mailboxOf } from "./mailbox.ts";

// One mailbox behind its spellings, and who gets the welcome gift
// (docs/security.md#one-welcome-gift-per-mailbox); throwaway domains
// (docs/security.md#no-throwaway-addresses).

const { email_addresses: defaults } = loadConfig({
  env: {},
  overrides: { dev: true, dsn: "memory://" },
});
const mailbox = (address: string): string => mailboxOf(address, defaults.subaddress_domains);

describe("the mailbox of an address", () => {
  it.each([
    ["Kim@Example.de", "kim@example.de"],
    ["  kim@example.de ", "kim@example.de"],
    ["kim@EXAMPLE.DE.", "kim@example.de"],
    // Gmail ignores dots and tags, and googlemail.com is the same mailbox.
    ["k.i.m@gmail.com", "kim@gmail.com"],
    ["Kim+shop@gmail.com", "kim@gmail.com"],
    ["k.im+a.b@googlemail.com", "kim@gmail.com"],
    // Tags at providers that deliver them to the mailbox; their dots are kept.
    ["kim+1@outlook.com", "kim@outlook.com"],
    ["k.im+1@outlook.com", "k.im@outlook.com"],
    ["kim+moos@posteo.de", "kim@posteo.de"],
    ["kim+x@icloud.com", "kim@icloud.com"],
    // Elsewhere a plus or a dot may name another mailbox: kept.
    ["kim+1@example.de", "kim+1@example.de"],
    ["k.im@web.de", "k.im@web.de"],
    // A leading plus is no tag.
    ["+kim@gmail.com", "+kim@gmail.com"],
    // International domains compare in their ASCII form.
    ["kim@Bücher.example", "kim@xn--bcher-kva.example"],
    ["kim@xn--bcher-kva.example", "kim@xn--bcher-kva.example"],
  ])("%s is %s", (address, expected) => {
    expect(mailbox(address)).toBe(expected);
  });

  it("follows the configured subaddress domains", () => {
    expect(mailboxOf("kim+1@example.de", ["example.de"])).toBe("kim@example.de");
    expect(mailboxOf("kim+1@outlook.com", [])).toBe("kim+1@outlook.com");
    // Gmail's rules need no configuration: they are Gmail's.
    expect(mailboxOf("k.im+1@gmail.com", [])).toBe("kim@gmail.com");
  });
});

describe("one welcome gift per mailbox", () => {
  // Registered and confirmed in this order; the gift goes to the first of each mailbox.
  it.each([
    ["kim@gmail.com", "kim+2@gmail.com", false],
    ["kim@gmail.com", "k.i.m@gmail.com", false],
    ["kim@gmail.com", "KIM@googlemail.com", false],
    ["kim+1@gmail.com", "kim+2@gmail.com", false],
    ["kim@outlook.com", "kim+shop@outlook.com", false],
    ["kim@example.de", "Kim@Example.DE", false],
    ["kim@example.de", "kim+1@example.de", true],
    ["kim@web.de", "k.im@web.de", true],
    ["kim@gmail.com", "kim@gmx.de", true],
    ["kim@gmail.com", "kimberly@gmail.com", true],
  ])("after %s, %s gets a gift: %s", (first, second, gifted) => {
    const given = new Set([mailbox(first)]);
    expect(!given.has(mailbox(second))).toBe(gifted);
  });
});

describe("throwaway domains", () => {
  const refuse = { refuse: true, allow: [], block: [] };

  it.each([
    ["kim@mailinator.com", "mailinator.com"],
    ["kim@MAILINATOR.com", "mailinator.com"],
    ["kim@inbox.mailinator.com", "mailinator.com"],
    ["kim@10minutemail.com", "10minutemail.com"],
    ["kim@yopmail.com", "yopmail.com"],
    ["kim@wegwerfemail.de", "wegwerfemail.de"],
  ])("%s is refused as %s", (address, domain) => {
    expect(disposableDomainOf(address, refuse)).toBe(domain);
  });

  it.each([
    "kim@gmail.com",
    "kim@gmx.de",
    "kim@web.de",
    "kim@t-online.de",
    "kim@posteo.de",
    "kim@outlook.com",
    "kim@icloud.com",
    "kim@example.de",
  ])("%s is a lasting address", (address) => {
    expect(disposableDomainOf(address, refuse)).toBeUndefined();
  });

  it("accepts what the allow-list names, subdomains too, and refuses what the block-list names", () => {
    const config = { refuse: true, allow: ["Mailinator.com"], block: ["wegwerf.example"] };
    expect(disposableDomainOf("kim@mailinator.com", config)).toBeUndefined();
    expect(disposableDomainOf("kim@inbox.mailinator.com", config)).toBeUndefined();
    expect(disposableDomainOf("kim@yopmail.com", config)).toBe("yopmail.com");
    expect(disposableDomainOf("kim@wegwerf.example", config)).toBe("wegwerf.example");
    expect(disposableDomainOf("kim@a.wegwerf.example", config)).toBe("wegwerf.example");
  });

  it("refuses nothing when refusing is off", () => {
    expect(disposableDomainOf("kim@mailinator.com", { ...refuse, refuse: false })).toBeUndefined();
  });

  it("has the documented defaults", () => {
    expect(defaults.disposable).toEqual({ refuse: true, allow: [], block: [] });
  });
});
