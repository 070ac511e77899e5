import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { Config } from "../../config/config.ts";
import { CourierError } from "../errors.ts";

// Reads `courier.smtp.connection_uri` the way Kratos does:
//   smtp://user:pass@host:port/   STARTTLS is mandatory (RFC 3207); the send fails without it
//   smtps://...                   implicit TLS from the first byte (RFC 8314)
// and the query flags `disable_starttls=true` (plain SMTP, for a local inbox such as MailDev),
// `skip_ssl_verify=true` (accept any certificate), `server_name=` (TLS server name) and
// `local_name=` (the name sent in EHLO).

const timeouts = {
  // A stalled server must fail the attempt well inside the default one-minute lease, so the
  // attempt is recorded as failed instead of being taken over while still running.
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

export function smtpTransportOptions(
  smtp: Config["courier"]["smtp"],
  pool: { maxConnections: number },
): SMTPPool.Options {
  let url: URL;
  try {
    url = new URL(smtp.connection_uri);
  } catch {
    // No `cause` on purpose: the URL parser's error repeats the input, password included.
    throw new CourierError("courier_smtp_uri_invalid", "courier.smtp.connection_uri is no URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new CourierError(
      "courier_smtp_uri_invalid",
      `courier.smtp.connection_uri must start with smtp:// or smtps://, not ${url.protocol}//`,
    );
  }
  const flag = (name: string): boolean => url.searchParams.get(name) === "true";
  const secure = url.protocol === "smtps:" || flag("legacy_ssl");
  const plain = !secure && flag("disable_starttls");
  const serverName = url.searchParams.get("server_name");
  const localName = url.searchParams.get("local_name");

  return {
    pool: true,
    maxConnections: pool.maxConnections,
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    ...(url.port ? { port: Number(url.port) } : {}),
    secure,
    ignoreTLS: plain,
    requireTLS: !secure && !plain,
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    tls: {
      rejectUnauthorized: !flag("skip_ssl_verify"),
      ...(serverName ? { servername: serverName } : {}),
    },
    ...(localName ? { name: localName } : {}),
    ...timeouts,
    // Messages are plain strings; never let a field be read from a file or fetched from a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** One pooled transport per dispatcher; close it when the dispatcher stops. */
export function createSmtpTransport(
  smtp: Config["courier"]["smtp"],
  pool: { maxConnections: number },
): Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options> {
  return nodemailer.createTransport(smtpTransportOptions(smtp, pool));
}
