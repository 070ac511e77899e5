import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

// The admin API answers only `Authorization: Bearer <serve.admin.token>`, as the identity
// service's admin API does. Hydra itself leaves its admin port unprotected and expects a
// network boundary; a token costs nothing and protects a port bound by mistake. The token is
// compared as SHA-256 digests with timingSafeEqual, so neither its content nor its length can
// be learnt from response times.

export function isAuthorized(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (value: string): Buffer => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
