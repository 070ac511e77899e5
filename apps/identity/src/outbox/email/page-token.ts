import { CourierError } from "../errors.ts";

// Keyset pagination over (created_at, id), newest first, as Kratos pages its admin lists. The
// token is opaque to clients: base64url JSON of the last row's position. created_at travels as
// whole microseconds since the epoch, the database's own precision, because a JS Date (ms)
// would skip or repeat rows created within the same millisecond.

export interface PagePosition {
  createdAtMicros: string;
  id: string;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodePageToken(position: PagePosition): string {
  const json = JSON.stringify({ t: position.createdAtMicros, id: position.id });
  return Buffer.from(json).toString("base64url");
}

export function decodePageToken(token: string): PagePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch (cause) {
    throw new CourierError("courier_page_token_invalid", "the page token is not valid", { cause });
  }
  if (typeof parsed === "object" && parsed !== null && "t" in parsed && "id" in parsed) {
    const { t, id } = parsed;
    if (
      typeof t === "string" &&
      /^\d{1,19}$/.test(t) &&
      typeof id === "string" &&
      uuidPattern.test(id)
    ) {
      return { createdAtMicros: t, id };
    }
  }
  throw new CourierError("courier_page_token_invalid", "the page token is not valid");
}
