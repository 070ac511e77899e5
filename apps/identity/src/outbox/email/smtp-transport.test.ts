import { describe, expect, it } from "vitest";
import { CourierError } from "../errors.ts";
import { smtpTransportOptions } from "./smtp-transport.ts";

const smtp = (connection_uri: string) => ({
  connection_uri,
  from_address: "no-reply@moos.test",
  from_name: "Moos",
});
const pool = { maxConnections: 2 };

describe("smtpTransportOptions", () => {
  it("sends plain SMTP without STARTTLS when disable_starttls=true", () => {
    const options = smtpTransportOptions(
      smtp("smtp://127.0.0.1:1025/?disable_starttls=true"),
      pool,
    );
    expect(options).toMatchObject({
      host: "127.0.0.1",
      port: 1025,
      secure: false,
      ignoreTLS: true,
      requireTLS: false,
      pool: true,
      maxConnections: 2,
    });
    expect(options.auth).toBeUndefined();
  });

  it("requires STARTTLS for smtp:// and checks the certificate, as Kratos does", () => {
    const options = smtpTransportOptions(smtp("smtp://mail.example.com:587/"), pool);
    expect(options).toMatchObject({ secure: false, ignoreTLS: false, requireTLS: true });
    expect(options.tls).toMatchObject({ rejectUnauthorized: true });
  });

  it("uses implicit TLS for smtps:// and reads credentials and flags", () => {
    const options = smtpTransportOptions(
      smtp(
        "smtps://us%40er:p%2Fss@mail.example.com/?skip_ssl_verify=true&server_name=mx.example.com&local_name=moos.test",
      ),
      pool,
    );
    expect(options).toMatchObject({
      host: "mail.example.com",
      secure: true,
      requireTLS: false,
      auth: { user: "us@er", pass: "p/ss" },
      tls: { rejectUnauthorized: false, servername: "mx.example.com" },
      name: "moos.test",
    });
    expect(options.port).toBeUndefined();
  });

  it("refuses other schemes and garbage without repeating the password", () => {
    expect(() => smtpTransportOptions(smtp("http://mail.example.com"), pool)).toThrow(CourierError);
    try {
      smtpTransportOptions(smtp("smtp://user:secret@[bad"), pool);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CourierError);
      expect((error as CourierError).code).toBe("courier_smtp_uri_invalid");
      expect(String((error as Error).message)).not.toContain("secret");
      expect((error as Error).cause).toBeUndefined();
    }
  });
});
