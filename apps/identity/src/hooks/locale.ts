import type { FastifyRequest } from "fastify";

export type Locale = "de" | "en";

/** A submit that may carry Kratos's transient_payload (the web app sends `locale` in it). */
export interface WithTransientPayload {
  readonly transient_payload?: unknown;
}

/**
 * The language of an email: transient_payload.locale on the submit, else the language kept on
 * the identity (metadata_public.locale, so later emails follow the customer's choice), else
 * the first supported Accept-Language, else German.
 */
export function localeOf(
  request: FastifyRequest,
  body?: WithTransientPayload,
  identity?: { metadata_public: Record<string, unknown> | null },
): Locale {
  const fromPayload = payloadLocale(body);
  if (fromPayload) return fromPayload;
  const kept = identity?.metadata_public?.locale;
  if (kept === "de" || kept === "en") return kept;
  return acceptedLocale(request);
}

/** transient_payload.locale of a submit, when it names a language we write. */
export function payloadLocale(body: WithTransientPayload | undefined): Locale | undefined {
  const payload = body?.transient_payload as Record<string, unknown> | undefined;
  const fromPayload =
    typeof payload?.locale === "string" ? payload.locale.slice(0, 2).toLowerCase() : undefined;
  return fromPayload === "de" || fromPayload === "en" ? fromPayload : undefined;
}

/** The first supported language of Accept-Language, else German. */
export function acceptedLocale(request: FastifyRequest): Locale {
  const header = String(request.headers["accept-language"] ?? "");
  for (const part of header.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "de" || tag === "en") return tag;
  }
  return "de";
}
