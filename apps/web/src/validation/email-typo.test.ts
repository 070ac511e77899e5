import { describe, expect, it } from "vitest";
import { MAIL_DOMAINS, suggestEmail } from "./email-typo";

describe("suggestEmail", () => {
  it.each([
    // Typos in the big names.
    ["erika@gmial.com", "erika@gmail.com"],
    ["erika@gmal.com", "erika@gmail.com"],
    ["erika@gmail.cm", "erika@gmail.com"],
    ["erika@gmail.co", "erika@gmail.com"],
    ["erika@gmail.con", "erika@gmail.com"],
    ["erika@gmail.om", "erika@gmail.com"],
    ["erika@gmx.ne", "erika@gmx.net"],
    ["erika@gmxx.de", "erika@gmx.de"],
    ["erika@webb.de", "erika@web.de"],
    ["erika@googlemial.com", "erika@googlemail.com"],
    ["erika@hotmial.de", "erika@hotmail.de"],
    ["erika@outlok.de", "erika@outlook.de"],
    ["erika@yahooo.de", "erika@yahoo.de"],
    ["erika@iclod.com", "erika@icloud.com"],
    // German providers.
    ["erika@web.dee", "erika@web.de"],
    ["erika@gmx.dr", "erika@gmx.de"],
    ["erika@t-onlin.de", "erika@t-online.de"],
    ["erika@tonline.de", "erika@t-online.de"],
    ["erika@freenett.de", "erika@freenet.de"],
    ["erika@posteo.dee", "erika@posteo.de"],
    ["erika@mailbox.ogr", "erika@mailbox.org"],
    // An unknown name with a top-level domain that does not exist.
    ["erika@gaertnerei-mueller.dee", "erika@gaertnerei-mueller.de"],
    // The local part stays as typed; the domain is compared without case.
    ["Erika.Mustermann+moos@GMIAL.COM", "Erika.Mustermann+moos@gmail.com"],
  ])("%s: %s", (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it.each([
    // Real German domains, short ones above all, are never "corrected".
    "erika@ok.de",
    "erika@o2.de",
    "erika@gmx.net",
    "erika@gmx.de",
    "erika@web.de",
    "erika@mail.de",
    "erika@email.de",
    "erika@online.de",
    "erika@aok.de",
    "erika@gmc.de",
    "erika@ab.de",
    "erika@gmail.de",
    "erika@icloud.de",
    "erika@gmx.at",
    "erika@gmx.ch",
    "erika@mail.ch",
    "erika@mail.ru",
    "erika@gmx.li",
    "erika@yahoo.co.uk",
    "erika@hotmail.co.uk",
    "erika@web.net",
    "erika@aol.net",
    "erika@life.de",
    "erika@uni-hamburg.de",
    "erika@gaertnerei-mueller.de",
    // Real top-level domains stay, also short ones that look like .de or .com.
    "erika@firma.io",
    "erika@firma.co",
    "erika@firma.cm",
    "erika@firma.berlin",
    // Every domain of the list.
    ...MAIL_DOMAINS.map((domain) => `erika@${domain}`),
  ])("%s: nothing", (typed) => {
    expect(suggestEmail(typed)).toBeUndefined();
  });

  it.each(["", "erika", "erika@", "@gmial.com", "erika@gmial", "erika@gmial.", "erika@gmial.c"])(
    "%j, not an address yet: nothing",
    (typed) => {
      expect(suggestEmail(typed)).toBeUndefined();
    },
  );
});
