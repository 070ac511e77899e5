import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, type Started, startProcess } from "./processes.ts";

// Debian's nginx in front of the web app, the console and the identity service, configured by the documented
// deploy/nginx/moos.conf (TLS, HTTP/2) as the README's production guide runs it, with a fresh
// self-signed certificate for localhost. The deployment suite and the web benchmark start it.

/** One identity service instance behind nginx. */
export interface IdentityUpstream {
  readonly publicPort: number;
  readonly adminPort: number;
}

export interface NginxSetup {
  /** Its configuration, certificate, logs (`nginx-logs`) and temporary files go here. */
  readonly folder: string;
  /** The process's name in the output. */
  readonly name: string;
  readonly listen: { readonly public: number; readonly identity: number; readonly admin: number };
  /** moos.conf balances over two places each; one instance may fill both. */
  readonly web: readonly [number, number];
  readonly identity: readonly [IdentityUpstream, IdentityUpstream];
  /**
   * The customer-service console's instances, served on the public port as `console.localhost`
   * (Chromium sends every *.localhost to loopback). Without them, its upstream names the discard
   * port: nothing is sent there unless someone asks for the console's host.
   */
  readonly console?: readonly [number, number];
}

/** The console's host in the suites that run it behind nginx. */
export const CONSOLE_HOST = "console.localhost";

/** Fills a repository file's `${NAME}` and `{{NAME}}` placeholders; a missing value throws. */
export function renderTemplate(file: string, values: Readonly<Record<string, string>>): string {
  return readFileSync(path.join(REPO_ROOT, file), "utf8").replace(
    /\$\{([A-Z0-9_]+)\}|\{\{([A-Z0-9_]+)\}\}/g,
    (_, dollar: string | undefined, braces: string | undefined) => {
      const name = (dollar ?? braces) as string;
      const value = values[name];
      if (value === undefined) throw new Error(`${file}: no value for ${name}`);
      return value;
    },
  );
}

/** A self-signed certificate for localhost and the console's host. */
function makeCertificate(folder: string): { cert: string; key: string } {
  const cert = path.join(folder, "localhost.crt");
  const key = path.join(folder, "localhost.key");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost"],
      ...["-addext", `subjectAltName=DNS:localhost,DNS:${CONSOLE_HOST}`],
    ],
    { stdio: "pipe" },
  );
  return { cert, key };
}

export function startNginx(setup: NginxSetup): Started & { child: ChildProcess } {
  const { folder, listen, web, identity } = setup;
  const consoles = setup.console ?? [9, 9];
  const logs = path.join(folder, "nginx-logs");
  const temp = path.join(folder, "nginx-temp");
  mkdirSync(logs, { recursive: true });
  mkdirSync(temp, { recursive: true });
  const { cert, key } = makeCertificate(folder);
  const moosConf = path.join(folder, "moos.conf");
  writeFileSync(
    moosConf,
    renderTemplate("deploy/nginx/moos.conf", {
      WEB_1: `127.0.0.1:${web[0]}`,
      WEB_2: `127.0.0.1:${web[1]}`,
      IDENTITY_1: `127.0.0.1:${identity[0].publicPort}`,
      IDENTITY_2: `127.0.0.1:${identity[1].publicPort}`,
      IDENTITY_ADMIN_1: `127.0.0.1:${identity[0].adminPort}`,
      IDENTITY_ADMIN_2: `127.0.0.1:${identity[1].adminPort}`,
      PUBLIC_LISTEN: `127.0.0.1:${listen.public}`,
      SERVER_NAME: "localhost",
      TLS_CERTIFICATE: cert,
      TLS_CERTIFICATE_KEY: key,
      IDENTITY_LISTEN: `127.0.0.1:${listen.identity}`,
      IDENTITY_ADMIN_LISTEN: `127.0.0.1:${listen.admin}`,
      CONSOLE_1: `127.0.0.1:${consoles[0]}`,
      CONSOLE_2: `127.0.0.1:${consoles[1]}`,
      CONSOLE_SERVER_NAME: CONSOLE_HOST,
      CONSOLE_TLS_CERTIFICATE: cert,
      CONSOLE_TLS_CERTIFICATE_KEY: key,
      LOG_DIR: logs,
    }),
  );
  const mainConf = path.join(folder, "nginx.conf");
  writeFileSync(
    mainConf,
    renderTemplate("e2e/deployment/nginx.conf", {
      LOG_DIR: logs,
      TEMP_DIR: temp,
      MOOS_CONF: moosConf,
    }),
  );
  // As root (CI), nginx's workers would switch to `nobody`, who cannot read this folder.
  const user = process.getuid?.() === 0 ? " user root;" : "";
  return startProcess(setup.name, "/usr/sbin/nginx", [
    ...["-p", folder, "-c", mainConf],
    ...["-g", `daemon off; pid ${path.join(folder, "nginx.pid")};${user}`],
  ]);
}
