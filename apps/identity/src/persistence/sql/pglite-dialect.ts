import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

// Kysely over PGlite with prepared statements, for speed. Kysely's own PGlite driver runs each
// query through `pglite.query`: six calls into PostgreSQL (parse, describe, bind, describe,
// execute, sync), each statement parsed and planned anew, about 110 µs of CPU per query here.
// This driver parses each distinct statement once (named, kept for the next 256 distinct ones)
// and then sends bind, describe, execute and sync as one message: about 45 µs, and PGlite runs in
// the service's own thread, so every query's CPU is taken from sign-ins and whoami.
//
// PGlite has one connection. Every query takes it for its duration and a transaction for its
// whole length, so no query of another request ever lands inside someone's transaction (as
// Kysely's driver does with PGlite's transaction mutex). Parameters are serialised by PGlite's
// own serialisers for the types PostgreSQL reports, and rows parsed by its parsers, exactly as
// `pglite.query` does.

const { serialize } = protocol;
const maxStatements = 256;

/** Statements worth keeping prepared: the queries and writes an application repeats. */
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

export interface FastPGliteDialectConfig {
  pglite: () => Promise<PGlite> | PGlite;
}

export class FastPGliteDialect implements Dialect {
  private readonly config: FastPGliteDialectConfig;

  constructor(config: FastPGliteDialectConfig) {
    this.config = config;
  }

  createAdapter(): PGliteAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new FastPGliteDriver(this.config);
  }

  createIntrospector(db: Kysely<unknown>): PostgresIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): PostgresQueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class FastPGliteDriver implements Driver {
  #connection: FastPGliteConnection | undefined;
  #pglite: PGlite | undefined;
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  private readonly config: FastPGliteDialectConfig;

  constructor(config: FastPGliteDialectConfig) {
    this.config = config;
  }

  async init(): Promise<void> {
    const pglite = await this.config.pglite();
    await pglite.waitReady;
    this.#pglite = pglite;
    this.#connection = new FastPGliteConnection(pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A released connection is handed straight to the next waiter, never left free between.
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy = true;
    if (!this.#connection) throw new Error("the PGlite driver was not initialised");
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    const access = settings.accessMode ? ` ${settings.accessMode}` : "";
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}${access}`));
    (connection as FastPGliteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, "commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection, "rollback");
  }

  async #end(connection: DatabaseConnection, command: "commit" | "rollback"): Promise<void> {
    const fast = connection as FastPGliteConnection;
    fast.inTransaction = false;
    await fast.executeQuery(CompiledQuery.raw(command));
  }

  async destroy(): Promise<void> {
    if (this.#pglite && !this.#pglite.closed) await this.#pglite.close();
  }
}

interface Prepared {
  name: string;
  paramTypes: number[];
}

class FastPGliteConnection implements DatabaseConnection {
  /** Inside a transaction nothing is synced to the file system until it ends (as PGlite does). */
  inTransaction = false;
  readonly #statements = new Map<string, Prepared>();
  #counter = 0;

  private readonly pglite: PGlite;

  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    if (!preparable.test(sql)) return this.#simple<R>(sql, parameters);
    const prepared = this.#statements.get(sql) ?? (await this.#prepare(sql));
    try {
      return await this.#run<R>(prepared, parameters);
    } catch (error) {
      // A schema change since the statement was prepared: prepare it again, once.
      if (!isStalePlan(error)) throw error;
      await this.#forget(sql, prepared);
      return this.#run<R>(await this.#prepare(sql), parameters);
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    yield* [];
    throw new Error("streaming is not supported by PGlite");
  }

  async #prepare(sql: string): Promise<Prepared> {
    if (this.#statements.size >= maxStatements) {
      const [oldest, statement] = this.#statements.entries().next().value as [string, Prepared];
      await this.#forget(oldest, statement);
    }
    const name = `moos_${++this.#counter}`;
    const messages = await this.#exchange([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, prepared);
    return prepared;
  }

  async #forget(sql: string, statement: Prepared): Promise<void> {
    this.#statements.delete(sql);
    await this.#exchange([serialize.close({ type: "S", name: statement.name }), serialize.sync()]);
  }

  async #run<R>(prepared: Prepared, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const { serializers } = this.pglite;
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.#exchange([
      serialize.bind({ statement: prepared.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return toQueryResult<R>(messages, this.pglite);
  }

  /** Statements without parameters that are not worth keeping (DDL, begin, commit). */
  async #simple<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    if (parameters.length > 0) {
      const { rows, affectedRows } = await this.pglite.query<R>(sql, [...parameters]);
      return {
        rows,
        ...(affectedRows !== undefined ? { numAffectedRows: BigInt(affectedRows) } : {}),
      };
    }
    return toQueryResult<R>(await this.#exchange([serialize.query(sql)]), this.pglite);
  }

  async #exchange(parts: Uint8Array[]): Promise<Awaited<ReturnType<PGlite["execProtocolStream"]>>> {
    const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      message.set(part, offset);
      offset += part.length;
    }
    return this.pglite.execProtocolStream(message, { syncToFs: !this.inTransaction });
  }
}

function toQueryResult<R>(
  messages: Awaited<ReturnType<PGlite["execProtocolStream"]>>,
  pglite: PGlite,
): QueryResult<R> {
  const results = parse.parseResults(messages, pglite.parsers, { rowMode: "object" });
  const last = results.at(-1);
  const affected = last?.affectedRows;
  return {
    rows: (last?.rows ?? []) as R[],
    ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
  };
}

function isStalePlan(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  // 0A000: "cached plan must not change result type"; 26000: unknown prepared statement.
  return code === "0A000" || code === "26000";
}
