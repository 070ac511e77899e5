import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type ServerResponse } from "node:http";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { connectDatabase } from "../../src/persistence/sql/connect.ts";
import { password, traitsOf } from "../contract/account-helpers.ts";
import { childConfig, startChildService } from "../support/child-service.ts";
import { freePort } from "../support/free-port.ts";
import { pgliteCopy } from "../support/pglite-template.ts";

// docs/production.md#shutdown: SIGTERM lets in-flight requests finish, stops accepting new connections, gives
// courier messages still being sent back to the queue, and the process exits 0.

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "moos-shutdown-"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function startRegistration(publicUrl: string): Promise<Response> {
  const init = await fetch(`${publicUrl}/self-service/registration/api`, {
    headers: { accept: "application/json" },
  });
  const flow = (await init.json()) as { id: string };
  return fetch(`${publicUrl}/self-service/registration?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      method: "password",
      password,
      traits: traitsOf(`shutdown-${flow.id}@example.com`),
    }),
  });
}

/** A failed test must not leave the service running. */
function stopIfRunning(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Resolves once a new connection to the URL's port is refused. */
async function refusesConnections(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket: Socket = connect(Number(port), hostname);
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
  }
}

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new connections and exits 0", async () => {
    // The breach check's API stands in for a slow dependency: it answers when told to.
    let answer = (): void => {};
    let noteAsked = (): void => {};
    const asked = new Promise<void>((resolve) => {
      noteAsked = resolve;
    });
    const slow = createHttpServer((_request, response: ServerResponse) => {
      answer = () => response.end("");
      noteAsked();
    });
    const hibpPort = await freePort();
    await new Promise<void>((resolve) => slow.listen(hibpPort, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => slow.close(() => resolve())));

    const database = pgliteCopy();
    onTestFinished(() => database.remove());
    const service = await startChildService(
      folder,
      childConfig({
        dsn: database.dsn,
        selfservice: {
          methods: {
            password: {
              config: {
                haveibeenpwned_host: `http://127.0.0.1:${hibpPort}`,
                haveibeenpwned_timeout: "60s",
              },
            },
          },
        },
      }),
    );
    onTestFinished(() => stopIfRunning(service.process));
    const registration = startRegistration(service.publicUrl);
    await asked;
    service.process.kill("SIGTERM");
    await refusesConnections(service.publicUrl);
    answer();

    const response = await registration;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { session_token?: string }).session_token).toBeTruthy();
    expect(await service.exited).toEqual({ code: 0, signal: null });
    const messages = service.lines.map((line) => line.msg);
    expect(messages).toContain("shutting down");
    expect(messages.at(-1)).toBe("shut down");
  });

  it("gives a message whose send is stuck back to the queue at once", async () => {
    // An SMTP server that accepts and never greets: the send hangs until shutdown cuts it.
    const connected: Socket[] = [];
    let smtpConnected = (): void => {};
    const sending = new Promise<void>((resolve) => {
      smtpConnected = resolve;
    });
    const stalled = createTcpServer((socket) => {
      connected.push(socket);
      smtpConnected();
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => stalled.listen(smtpPort, "127.0.0.1", resolve));
    const database = pgliteCopy();
    onTestFinished(() => database.remove());
    const { dsn } = database;

    try {
      const service = await startChildService(
        folder,
        childConfig({
          dsn,
          serve: {
            public: { base_url: "http://127.0.0.1/", port: 0 },
            admin: { port: 0, token: "child-admin-token-0123456789" },
            shutdown_timeout: "300ms",
          },
          courier: {
            smtp: { connection_uri: `smtp://127.0.0.1:${smtpPort}/?disable_starttls=true` },
            dispatcher: { poll_interval: "100ms", lease: "10m" },
          },
        }),
      );
      onTestFinished(() => stopIfRunning(service.process));
      const response = await startRegistration(service.publicUrl);
      expect(response.status).toBe(200);
      await sending;
      service.process.kill("SIGTERM");
      expect(await service.exited).toEqual({ code: 0, signal: null });
      expect(service.lines.map((line) => line.msg)).toContain(
        "courier: released unfinished messages for other instances",
      );
    } finally {
      for (const socket of connected) socket.destroy();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    }

    // Without the release the message would stay `processing` for the lease's 10 minutes.
    const db = await connectDatabase(dsn);
    try {
      const messages = await db
        .selectFrom("courier_messages")
        .select(["status", "lease_until", "send_count"])
        .execute();
      expect(messages).toEqual([{ status: "queued", lease_until: null, send_count: 0 }]);
    } finally {
      await db.destroy();
    }
  });
});
