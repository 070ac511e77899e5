import { describe, expect, it } from "vitest";
import {
  BACKUP_CODE_REQUIRED,
  checkField,
  checkFields,
  formValues,
  ONE_TIME_CODE_INVALID,
  ONE_TIME_CODE_REQUIRED,
  RECOVERY_CODE_INVALID,
  RECOVERY_CODE_REQUIRED,
} from "./field-rules";

describe("field rules", () => {
  it("checks a registration with W1's rules, field by field", () => {
    expect(
      checkFields(
        {
          "traits.name.first": "firstName",
          "traits.name.last": "lastName",
          "traits.email": "email",
          password: "newPassword",
          repeatPassword: "repeatPassword",
        },
        {
          "traits.name.first": "A",
          "traits.email": "x@",
          password: "geheim123",
          repeatPassword: "geheim124",
        },
      ),
    ).toEqual({
      "traits.name.first": "firstNameTooShort",
      "traits.name.last": "lastNameRequired",
      "traits.email": "emailInvalid",
      repeatPassword: "passwordsDoNotMatch",
    });
  });

  it("asks a login password only to be there (old passwords may be short)", () => {
    expect(checkField("currentPassword", "", {})).toBe("passwordRequired");
    expect(checkField("currentPassword", "kurz", {})).toBeUndefined();
    expect(checkField("newPassword", "kurz", {})).toBe("passwordTooShort");
  });

  it("speaks of a code, not a verification code, in recovery", () => {
    expect(checkField("recoveryCode", "", {})).toBe(RECOVERY_CODE_REQUIRED);
    expect(checkField("recoveryCode", "12a", {})).toBe(RECOVERY_CODE_INVALID);
    expect(checkField("recoveryCode", "123456", {})).toBeUndefined();
    expect(checkField("verificationCode", "", {})).toBe("verificationCodeRequired");
  });

  it("asks sign-in codes for 6 digits and backup codes only to be there", () => {
    expect(checkField("oneTimeCode", "", {})).toBe(ONE_TIME_CODE_REQUIRED);
    expect(checkField("oneTimeCode", "12345", {})).toBe(ONE_TIME_CODE_INVALID);
    expect(checkField("oneTimeCode", "123456", {})).toBeUndefined();
    expect(checkField("backupCode", "  ", {})).toBe(BACKUP_CODE_REQUIRED);
    expect(checkField("backupCode", "a1b2c3d4", {})).toBeUndefined();
  });

  it("reads string values of a form", () => {
    const data = new FormData();
    data.append("a", "1");
    data.append("a", "2");
    data.append("file", new Blob(["x"]));
    expect(formValues(data)).toEqual({ a: "1" });
  });
});
