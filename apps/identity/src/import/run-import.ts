import { randomUUID } from "node:crypto";
import { basename, extname } from "node:path";
import {
  Configuration,
  type CreateIdentityBody,
  IdentityApi,
  ResponseError,
} from "@ory/client-fetch";
import { freshState, type ImportState, loadState, saveState } from "./import-state.ts";
import { readRows } from "./read-rows.ts";
import { BadRow, rowToIdentity } from "./row-to-identity.ts";

// Streams the file, sends batches to the identity service's admin API (Kratos's
// batchPatchIdentities, through Ory's SDK: the embedded database belongs to the running
// service) and keeps count. One batch is in flight at a time, so the state file always names
// a line before which everything was acknowledged.

export interface ImportOptions {
  file: string;
  adminUrl: string;
  token: string;
  resume: boolean;
  passwordHook: boolean;
  source?: string;
  batchSize: number;
  /** Where `line N: reason` and progress go (stderr). */
  report(line: string): void;
}

export type ImportSummary = Pick<ImportState, "created" | "existing" | "bad"> & {
  resumedAfter: number;
};

interface Pending {
  line: number;
  email: string;
  patchId: string;
  body: CreateIdentityBody;
}

const retryDelaysMs = [1_000, 3_000, 10_000];
const progressEveryMs = 2_000;

export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  const state = options.resume ? loadState(options.file) : freshState(options.file);
  const resumedAfter = state.lastLine;
  if (state.finished) return { ...state, resumedAfter };
  const api = new IdentityApi(
    new Configuration({
      basePath: options.adminUrl.replace(/\/+$/, ""),
      accessToken: options.token,
      headers: { Accept: "application/json" },
    }),
  );
  const rowOptions = {
    source: options.source ?? basename(options.file, extname(options.file)),
    importedAt: new Date().toISOString(),
    passwordHook: options.passwordHook,
  };
  let batch: Pending[] = [];
  let lastSeen = state.lastLine;
  let rows = 0;
  let lastProgress = Date.now();

  // Bad rows are reported with the batch they were read with, in line order.
  let badRows: { line: number; reason: string }[] = [];
  const bad = (line: number, reason: string): void => {
    state.bad++;
    badRows.push({ line, reason });
  };

  const flush = async (): Promise<void> => {
    if (batch.length > 0) {
      const results = await sendBatch(api, batch);
      for (const [index, pending] of batch.entries()) {
        const result = results[index];
        if (result?.action === "create") state.created++;
        else if (result?.error?.code === 409) state.existing++;
        else bad(pending.line, errorReason(result?.error));
      }
      batch = [];
    }
    for (const row of badRows.sort((a, b) => a.line - b.line))
      options.report(`line ${row.line}: ${row.reason}`);
    badRows = [];
    state.lastLine = lastSeen;
    saveState(state);
    if (Date.now() - lastProgress >= progressEveryMs) {
      lastProgress = Date.now();
      options.report(
        `progress: ${rows} rows read, ${state.created} created, ${state.existing} already present, ${state.bad} bad`,
      );
    }
  };

  for await (const record of readRows(options.file)) {
    if (record.line <= resumedAfter) continue;
    rows++;
    if ("error" in record) bad(record.line, record.error);
    else {
      try {
        const { email, body } = rowToIdentity(record.fields, rowOptions);
        batch.push({ line: record.line, email, body, patchId: randomUUID() });
      } catch (error) {
        if (!(error instanceof BadRow)) throw error;
        bad(record.line, error.message);
      }
    }
    lastSeen = record.line;
    if (batch.length >= options.batchSize) await flush();
  }
  await flush();
  state.finished = true;
  saveState(state);
  return { created: state.created, existing: state.existing, bad: state.bad, resumedAfter };
}

interface PatchError {
  code?: number;
  reason?: string;
  message?: string;
}

function errorReason(error: PatchError | undefined): string {
  if (!error) return "the identity service gave no answer for this row";
  return String(error.reason ?? error.message ?? `error ${error.code}`);
}

/** Sends one batch; retries network failures and 5xx a few times, then gives up. */
async function sendBatch(
  api: IdentityApi,
  batch: Pending[],
): Promise<{ action?: string; error?: PatchError }[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api.batchPatchIdentities({
        patchIdentitiesBody: {
          identities: batch.map((p) => ({ create: p.body, patch_id: p.patchId })),
        },
      });
      const byPatch = new Map((response.identities ?? []).map((r) => [r.patch_id, r]));
      return batch.map((p) => byPatch.get(p.patchId) ?? {});
    } catch (error) {
      const status = error instanceof ResponseError ? error.response.status : undefined;
      const retriable = status === undefined || status >= 500;
      const delay = retryDelaysMs[attempt];
      if (!retriable || delay === undefined) throw await describeFailure(error, status);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function describeFailure(error: unknown, status: number | undefined): Promise<Error> {
  if (error instanceof ResponseError) {
    const body = await error.response.text().catch(() => "");
    const reason = /"reason":"([^"]*)"/.exec(body)?.[1] ?? body.slice(0, 200);
    const hint = status === 401 ? " (check --token or IDENTITY_ADMIN_TOKEN)" : "";
    return new Error(`the identity service answered ${status}${hint}: ${reason}`, {
      cause: error,
    });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return new Error(
    `the identity service cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
    { cause: error },
  );
}
