import type { CustomerSearchAnswer, CustomerSearchResult } from "@moos/contract";
import { type Ctx, query } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import { normaliseIdentifier } from "../identity/identity.ts";
import { uuidPattern } from "../session/handlers.ts";
import type { StaffActor } from "./actor.ts";
import { recordAudit } from "./audit.ts";
import { badField, consoleError } from "./errors.ts";
import type { CustomerSummary } from "./records.ts";

// `GET /admin/console/customers?q=` (docs/console.md#search): an exact email address, a
// customer id, or the start of a name (at least 2 characters). Results are masked; opening one
// is a separate, audited action. The audit records the kind of query, never its text: a search
// for an address must not leave the address in a log nobody can erase.

const defaultLimit = 20;
const maxLimit = 50;
const maxQueryLength = 200;
// Letters (any script, with their marks), then letters, spaces, hyphens, apostrophes, dots.
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SearchQuery =
  | { kind: "email"; email: string }
  | { kind: "id"; id: string }
  | { kind: "name"; prefix: string };

/** What the staff member typed, as one of the three searches; 400 for anything else. */
export function parseSearch(raw: string | undefined): SearchQuery {
  const text = (raw ?? "").trim().replace(/\s+/g, " ");
  const invalid = (reason: string) => consoleError("console_search_invalid", reason);
  if (text.length > maxQueryLength) throw invalid("The search is too long.");
  if (text.includes("@")) {
    if (!emailPattern.test(text)) throw invalid("The search is not an email address.");
    return { kind: "email", email: normaliseIdentifier(text) };
  }
  if (uuidPattern.test(text)) return { kind: "id", id: text.toLowerCase() };
  if ([...text].length < 2) throw invalid("A name search needs at least 2 characters.");
  if (!namePattern.test(text)) throw invalid("The search is not a name, an email or an id.");
  return { kind: "name", prefix: text };
}

/** `e***@example.org`: the first character of the local part, the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email ? "***" : "";
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}

/** `Erika M.`: the first name and the last name's initial. */
export function maskName(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return [first.trim(), initial ? `${initial}.` : ""].filter(Boolean).join(" ");
}

function toResult(row: CustomerSummary): CustomerSearchResult {
  return {
    id: row.id,
    email_masked: maskEmail(row.email),
    name_masked: maskName(row.first, row.last),
    state: row.state,
    locked: row.locked,
    created_at: row.created_at.toISOString(),
  };
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined || raw === "") return defaultLimit;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw badField("limit", `The limit must be a whole number from 1 to ${maxLimit}.`);
  return limit;
}

export async function searchCustomers(ctx: Ctx, actor: StaffActor): Promise<void> {
  const { deps } = ctx;
  const params = query(ctx);
  const search = parseSearch(params.q);
  const limit = limitOf(params.limit);
  const now = deps.now();
  const answer = await deps.persistence.transaction(async (tx): Promise<CustomerSearchAnswer> => {
    const rows =
      search.kind === "email"
        ? await tx.console.searchByEmail(search.email, now, limit)
        : search.kind === "id"
          ? await tx.console.searchById(search.id, now)
          : await tx.console.searchByName(search.prefix, {
              lastName: !search.prefix.includes(" "),
              limit,
              now,
            });
    await recordAudit(
      tx,
      actor,
      {
        action: "customer.search",
        targetId: null,
        details: { query_kind: search.kind, results: rows.length },
      },
      now,
    );
    return { query_kind: search.kind, results: rows.map(toResult) };
  });
  sendJson(ctx.reply, 200, answer);
}
