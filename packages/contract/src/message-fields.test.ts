import { describe, expect, it } from "vitest";
import { messageCatalogue } from "./message-catalogue.ts";
import { fieldOfMessage, messageFields } from "./message-fields.ts";

describe("messageFields", () => {
  it("names only error messages of the catalogue", () => {
    for (const id of Object.keys(messageFields).map(Number)) {
      expect(messageCatalogue[id as keyof typeof messageCatalogue]?.type).toBe("error");
    }
  });

  it("ties a wrong password and wrong codes to their fields, and nothing else", () => {
    expect(fieldOfMessage(4000006)).toBe("password");
    expect(fieldOfMessage(4060006)).toBe("code");
    expect(fieldOfMessage(4070006)).toBe("code");
    expect(fieldOfMessage(4000010)).toBeUndefined();
  });
});
