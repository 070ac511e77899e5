import type { Kysely } from "kysely";
import { checkedFlowState } from "../../flows/check-flow-state.ts";
import type { Flow, FlowKind } from "../../flows/flow.ts";
import type { FlowPersister } from "../persistence.ts";
import type { Database } from "./database.ts";
import { isUuid } from "./identity-persister.ts";

export class SqlFlowPersister implements FlowPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async createFlow(flow: Flow): Promise<void> {
    await this.db
      .insertInto("selfservice_flows")
      .values({
        id: flow.id,
        kind: flow.kind,
        type: flow.type,
        state: flow.state,
        csrf_token: flow.csrf_token,
        identity_id: flow.identity_id,
        session_id: flow.session_id,
        payload: JSON.stringify(flow.payload),
        internal: JSON.stringify(flow.internal),
        expires_at: flow.expires_at,
        created_at: flow.issued_at,
        updated_at: flow.updated_at,
      })
      .execute();
  }

  async getFlow(id: string, kind: FlowKind): Promise<Flow | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom("selfservice_flows")
      .selectAll()
      .where("id", "=", id)
      .where("kind", "=", kind)
      .executeTakeFirst();
    if (!row) return undefined;
    // A row that is not what its kind declares reads as no flow: the client starts anew.
    const state = checkedFlowState(kind, row.payload, row.internal);
    if (!state) return undefined;
    return {
      id: row.id,
      kind,
      type: row.type,
      state: row.state,
      csrf_token: row.csrf_token,
      identity_id: row.identity_id,
      session_id: row.session_id,
      issued_at: row.created_at,
      expires_at: row.expires_at,
      updated_at: row.updated_at,
      payload: state.payload,
      internal: state.internal,
    };
  }

  async updateFlow(flow: Flow): Promise<void> {
    flow.updated_at = new Date();
    await this.db
      .updateTable("selfservice_flows")
      .set({
        state: flow.state,
        csrf_token: flow.csrf_token,
        identity_id: flow.identity_id,
        session_id: flow.session_id,
        payload: JSON.stringify(flow.payload),
        internal: JSON.stringify(flow.internal),
        expires_at: flow.expires_at,
        updated_at: flow.updated_at,
      })
      .where("id", "=", flow.id)
      .execute();
  }
}
