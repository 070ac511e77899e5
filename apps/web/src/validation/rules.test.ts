import { describe, expect, it } from "vitest";
import de from "../../messages/de/validation.json";
import en from "../../messages/en/validation.json";
import {
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ValidationMessageKey,
  VERIFICATION_CODE_LENGTH,
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePassword,
  validateRepeatPassword,
  validateVerificationCode,
} from "./rules";

const german: Record<ValidationMessageKey, string> = de;
const english: Record<ValidationMessageKey, string> = en;

function germanText(key: ValidationMessageKey | undefined): string | undefined {
  return key === undefined ? undefined : german[key];
}

describe("validateFirstName", () => {
  it("requires a first name (SPEC §5 text)", () => {
    for (const value of ["", "   ", undefined, null, 42]) {
      expect(validateFirstName(value)).toBe("firstNameRequired");
    }
    expect(german.firstNameRequired).toBe("Bitte Vornamen eingeben");
  });

  it(`needs at least ${NAME_MIN_LENGTH} characters after trimming`, () => {
    expect(NAME_MIN_LENGTH).toBe(2);
    expect(validateFirstName(" A ")).toBe("firstNameTooShort");
    expect(validateFirstName("Al")).toBeUndefined();
    expect(validateFirstName("  Jo  ")).toBeUndefined();
    expect(validateFirstName("Åsa")).toBeUndefined();
  });
});

describe("validateLastName", () => {
  it("requires a last name (SPEC §5 text)", () => {
    expect(validateLastName("")).toBe("lastNameRequired");
    expect(validateLastName("\t")).toBe("lastNameRequired");
    expect(german.lastNameRequired).toBe("Bitte Nachnamen eingeben");
  });

  it(`needs at least ${NAME_MIN_LENGTH} characters after trimming`, () => {
    expect(validateLastName("B ")).toBe("lastNameTooShort");
    expect(validateLastName("Öz")).toBeUndefined();
    expect(validateLastName("Müller-Lüdenscheidt")).toBeUndefined();
  });
});

describe("validateEmail", () => {
  it("accepts ordinary addresses, also with surrounding spaces", () => {
    for (const email of [
      "anna@example.de",
      "anna.maria+moos@mail.example.co.uk",
      " anna@example.de ",
      "jürgen@bücher.de",
    ]) {
      expect(validateEmail(email), email).toBeUndefined();
    }
  });

  it("rejects what is not an address (SPEC §5 text)", () => {
    for (const email of [
      "",
      "anna",
      "anna@",
      "@example.de",
      "anna@example",
      "anna@@example.de",
      "anna@example..de",
      "anna@.example.de",
      "anna @example.de",
      "anna@example.d",
      `${"a".repeat(250)}@example.de`,
      undefined,
    ]) {
      expect(validateEmail(email), String(email)).toBe("emailInvalid");
    }
    expect(germanText(validateEmail("x"))).toBe("Gib bitte eine gültige E-Mail Adresse ein");
  });
});

describe("validatePassword", () => {
  it("requires a password (SPEC §5 text)", () => {
    expect(validatePassword("")).toBe("passwordRequired");
    expect(validatePassword(null)).toBe("passwordRequired");
    expect(german.passwordRequired).toBe("Bitte Passwort eingeben");
  });

  it(`needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} code points and is not trimmed`, () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(validatePassword("1234567")).toBe("passwordTooShort");
    expect(validatePassword("12345678")).toBeUndefined();
    // Spaces count: they are part of the password.
    expect(validatePassword("  pass  ")).toBeUndefined();
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(validatePassword("😀".repeat(7))).toBe("passwordTooShort");
    expect(validatePassword("😀".repeat(8))).toBeUndefined();
    expect(validatePassword("x".repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(validatePassword("x".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("passwordTooLong");
    expect(validatePassword("😀".repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
  });
});

describe("validateRepeatPassword", () => {
  it("requires the repetition and a match (SPEC §5 texts)", () => {
    expect(validateRepeatPassword("geheim123", "")).toBe("repeatPasswordRequired");
    expect(validateRepeatPassword("geheim123", "geheim124")).toBe("passwordsDoNotMatch");
    expect(validateRepeatPassword("geheim123", "geheim123 ")).toBe("passwordsDoNotMatch");
    expect(validateRepeatPassword("geheim123", "geheim123")).toBeUndefined();
    expect(german.repeatPasswordRequired).toBe("Bitte Passwort erneut eingeben");
    expect(german.passwordsDoNotMatch).toBe("Passwörter stimmen nicht überein");
  });
});

describe("validateVerificationCode", () => {
  it("requires the code (SPEC §5 text)", () => {
    expect(validateVerificationCode("")).toBe("verificationCodeRequired");
    expect(validateVerificationCode("  ")).toBe("verificationCodeRequired");
    expect(german.verificationCodeRequired).toBe("Bitte Bestätigungscode aus E-Mail eingeben");
  });

  it(`takes exactly ${VERIFICATION_CODE_LENGTH} digits`, () => {
    expect(validateVerificationCode("123456")).toBeUndefined();
    expect(validateVerificationCode(" 123456 ")).toBeUndefined();
    for (const code of ["12345", "1234567", "12345a", "123 456", "١٢٣٤٥٦"]) {
      expect(validateVerificationCode(code), code).toBe("verificationCodeInvalid");
    }
  });
});

describe("validation messages", () => {
  it("have German and English texts for the same keys", () => {
    expect(Object.keys(english).sort()).toEqual(Object.keys(german).sort());
    for (const text of [...Object.values(german), ...Object.values(english)]) {
      expect(text.trim()).not.toBe("");
    }
  });

  it("spell out the limits the rules use", () => {
    for (const messages of [german, english]) {
      expect(messages.firstNameTooShort).toContain(String(NAME_MIN_LENGTH));
      expect(messages.lastNameTooShort).toContain(String(NAME_MIN_LENGTH));
      expect(messages.passwordTooShort).toContain(String(PASSWORD_MIN_LENGTH));
      expect(messages.verificationCodeInvalid).toContain(String(VERIFICATION_CODE_LENGTH));
    }
    expect(german.passwordTooLong).toContain("1.024");
    expect(english.passwordTooLong).toContain("1,024");
  });

  it("use no ICU arguments, so a key can be shown without values", () => {
    for (const text of [...Object.values(german), ...Object.values(english)]) {
      expect(text).not.toMatch(/[{}]/);
    }
  });
});
