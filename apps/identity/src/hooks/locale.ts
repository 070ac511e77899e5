import type { FastifyRequest } from "fastify";
import type { Body } from "../http/body.ts";

export type Locale = "de" | "en";

/** transient_payload.locale on a submit, else the first supported Accept-Language, else German. */
export function localeOf(request: FastifyRequest, body?: Body): Locale {
  const payload = body?.transient_payload as Record<string, unknown> | undefined;
  const fromPayload =
    typeof payload?.locale === "string" ? payload.locale.slice(0, 2).toLowerCase() : undefined;
  if (fromPayload === "de" || fromPayload === "en") return fromPayload;
  const header = String(request.headers["accept-language"] ?? "");
  for (const part of header.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "de" || tag === "en") return tag;
  }
  return "de";
}
