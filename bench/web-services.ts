import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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

/** Fills `${NAME}` (the identity template) and `{{NAME}}` (nginx's) placeholders. */
function render(file: string, values: Readonly<Record<string, string>>): string {
  return readFileSync(path.join(REPO_ROOT, file), "utf8").replace(
    /\$\{([A-Z_]+)\}|\{\{([A-Z0-9_]+)\}\}/g,
    (_, dollar: string | undefined, braces: string | undefined) => {
      const name = (dollar ?? braces) as string;
      const value = values[name];
      if (value === undefined) throw new Error(`${file}: no value for ${name}`);
      return value;
    },
  );
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
    render("bench/identity.bench.yaml", {
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

function startNginx(
  ports: { public: number; internal: number; admin: number; web: number; identity: number },
  identityAdmin: number,
  started: Started[],
): Promise<void> {
  const folder = path.join(DATA, "nginx");
  mkdirSync(path.join(folder, "logs"), { recursive: true });
  mkdirSync(path.join(folder, "temp"), { recursive: true });
  const cert = path.join(folder, "localhost.crt");
  const key = path.join(folder, "localhost.key");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost"],
    ],
    { stdio: "pipe" },
  );
  const logs = path.join(folder, "logs");
  const moosConf = path.join(folder, "moos.conf");
  // One web app and one identity service fill both of each upstream's places.
  writeFileSync(
    moosConf,
    render("deploy/nginx/moos.conf", {
      WEB_1: `127.0.0.1:${ports.web}`,
      WEB_2: `127.0.0.1:${ports.web}`,
      IDENTITY_1: `127.0.0.1:${ports.identity}`,
      IDENTITY_2: `127.0.0.1:${ports.identity}`,
      IDENTITY_ADMIN_1: `127.0.0.1:${identityAdmin}`,
      IDENTITY_ADMIN_2: `127.0.0.1:${identityAdmin}`,
      PUBLIC_LISTEN: `127.0.0.1:${ports.public}`,
      SERVER_NAME: "localhost",
      TLS_CERTIFICATE: cert,
      TLS_CERTIFICATE_KEY: key,
      IDENTITY_LISTEN: `127.0.0.1:${ports.internal}`,
      IDENTITY_ADMIN_LISTEN: `127.0.0.1:${ports.admin}`,
      LOG_DIR: logs,
    }),
  );
  const mainConf = path.join(folder, "nginx.conf");
  writeFileSync(
    mainConf,
    render("e2e/deployment/nginx.conf", {
      LOG_DIR: logs,
      TEMP_DIR: path.join(folder, "temp"),
      MOOS_CONF: moosConf,
    }),
  );
  // As root, nginx's workers would switch to `nobody`, who cannot read this folder.
  const user = process.getuid?.() === 0 ? " user root;" : "";
  const nginx = startProcess("bench-nginx", "/usr/sbin/nginx", [
    ...["-p", folder, "-c", mainConf],
    ...["-g", `daemon off; pid ${path.join(folder, "nginx.pid")};${user}`],
  ]);
  started.push(nginx);
  return waitForHttp(nginx, `http://127.0.0.1:${ports.internal}/health/alive`);
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
    await startNginx(
      {
        public: publicPort,
        internal: internalPort,
        admin: adminPort,
        web: nginxWeb,
        identity: nginxIdentity,
      },
      nginxAdmin,
      started,
    );
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
