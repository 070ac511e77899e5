import type { FastifyRequest } from "fastify";

// docs/protocol.md#json-or-html: JSON when application/json wins the Accept negotiation over
// text/html, text/*, */* (HTML is the default), or when the body is exactly application/json.

const offers = ["text/html", "text/*", "*/*", "application/json"] as const;

export function wantsJson(request: FastifyRequest): boolean {
  const contentType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (contentType === "application/json") return true;
  return negotiate(request.headers.accept) === "application/json";
}

function negotiate(accept: string | undefined): string {
  if (!accept) return "text/html";
  let best: { offer: string; q: number; specificity: number } | undefined;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    for (const offer of offers) {
      const specificity = matches(range, offer);
      if (specificity < 0) continue;
      if (!best || q > best.q || (q === best.q && specificity > best.specificity)) {
        best = { offer, q, specificity };
      }
    }
  }
  return best?.offer ?? "text/html";
}

/** -1: no match; otherwise how exactly the range names the offer (exact beats wildcard). */
function matches(range: string, offer: string): number {
  if (range === offer) return 2;
  if (range === "*/*") return 0;
  const [type, subtype] = range.split("/");
  if (subtype === "*" && offer.startsWith(`${type}/`)) return 1;
  return -1;
}
