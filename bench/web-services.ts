import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { renderTemplate, startNginx } from "../e2e/support/services/nginx.ts";
import {
  freePorts,
  REPO_ROOT,
  type Started,
  startProcess,
  stopProcesses,
  waitForHttp,
} from "../e2e/support/services/processes.ts";

// The services the web benchmark measures the pages on, started as production starts them:
// the standalone build's server.mjs with an identity service behind it, once on its own (plain
// HTTP, as `npm run start:production` serves it) and once behind nginx with the documented
// configuration (deploy/nginx/moos.conf: TLS, HTTP/2), as README's production setup runs it.

const DATA = path.join(REPO_ROOT, ".data", "bench-web");
const STANDALONE = path.join(REPO_ROOT, "apps/web/.next/standalone/apps/web");

export interface WebTarget {
  /** How the pages are reached, for the rows. */
  readonly name: string;
  readonly base: string;
  /** A self-signed certificate: the browser is told to accept it. */
  readonly selfSigned: boolean;
}

export interface RunningTargets {
  readonly targets: readonly WebTarget[];
  stop(): Promise<void>;
}

/** An identity service and the web app in front of it, serving `publicUrl`. */
async function startPair(
  name: string,
  publicUrl: string,
  ports: { web: number; identity: number; admin: number },
  started: Started[],
): Promise<void> {
  const config = path.join(DATA, `identity-${name}.yaml`);
  writeFileSync(
    config,
    renderTemplate("bench/identity.bench.yaml", {
      WEB_URL: publicUrl,
      PUBLIC_PORT: String(ports.identity),
      ADMIN_PORT: String(ports.admin),
      SCHEMA_URL: pathToFileURL(path.join(REPO_ROOT, "apps/identity/config/identity.schema.json"))
        .href,
    }),
  );
  const identity = startProcess(`bench-identity-${name}`, process.execPath, [
    "apps/identity/dist/main.js",
    "--config",
    config,
  ]);
  started.push(identity);
  await waitForHttp(identity, `http://127.0.0.1:${ports.identity}/health/ready`, 120_000);
  const web = startProcess(`bench-web-${name}`, process.execPath, ["server.mjs"], {
    cwd: STANDALONE,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      ORY_SDK_URL: `http://127.0.0.1:${ports.identity}`,
      PUBLIC_BASE_URL: publicUrl,
      APP_ENV: "production",
      PORT: String(ports.web),
      HOST: "127.0.0.1",
    },
  });
  started.push(web);
  await waitForHttp(web, `http://127.0.0.1:${ports.web}/login`, 120_000);
}

/** Both ways in, ready to measure; `stop()` ends every process started. */
export async function startWebTargets(): Promise<RunningTargets> {
  mkdirSync(DATA, { recursive: true });
  const started: Started[] = [];
  const stop = (): Promise<void> => stopProcesses(started);
  try {
    const [web, identity, admin, nginxWeb, nginxIdentity, nginxAdmin, ...nginxPorts] =
      (await freePorts(9)) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
    const [publicPort, internalPort, adminPort] = nginxPorts as [number, number, number];
    const direct = `http://localhost:${web}`;
    const behindNginx = `https://localhost:${publicPort}`;
    await startPair("direct", direct, { web, identity, admin }, started);
    await startPair(
      "nginx",
      behindNginx,
      { web: nginxWeb, identity: nginxIdentity, admin: nginxAdmin },
      started,
    );
    const nginx = startNginx({
      folder: path.join(DATA, "nginx"),
      name: "bench-nginx",
      listen: { public: publicPort, identity: internalPort, admin: adminPort },
      web: [nginxWeb, nginxWeb],
      identity: [
        { publicPort: nginxIdentity, adminPort: nginxAdmin },
        { publicPort: nginxIdentity, adminPort: nginxAdmin },
      ],
    });
    started.push(nginx);
    await waitForHttp(nginx, `http://127.0.0.1:${internalPort}/health/alive`);
    return {
      targets: [
        { name: "server.mjs, HTTP/1.1", base: direct, selfSigned: false },
        { name: "behind nginx (moos.conf), TLS + HTTP/2", base: behindNginx, selfSigned: true },
      ],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
