// `npm run build`: everything a server runs, compiled, so production starts no TypeScript
// loader and no dev tooling:
// - the TypeScript apps and packages to JavaScript beside their sources (`dist/`, tsc with
//   rewriteRelativeImportExtensions, so the folder layout and relative paths stay as in `src/`);
// - the web app's `next build` with standalone output (`apps/web/.next/standalone`, completed with
//   the static assets that Next leaves out of it), each compressible static file also written
//   ahead of time as brotli and gzip (`.br`, `.gz` beside it), which server.mjs serves;
// - the customer-service console's `next build` the same way (`apps/console/.next/standalone`),
//   without the precompressed copies (a few staff, not every customer's phone).
// `--if-changed` skips the build when no input changed since the last one (`npm start` and the
// browser tests use it, so a second run starts at once). The fingerprint covers every tracked or
// new file under the built folders plus the lockfile.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { CONTENT_TYPES } from "../apps/web/precompressed-static.mjs";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, ".data", "build-stamp");

/** The compiled workspaces, in dependency order (the packages first: the apps import them). */
const TYPESCRIPT_APPS = [
  "packages/client-address",
  "packages/contract",
  "packages/telemetry",
  "packages/postgres",
  "apps/identity",
  "apps/local-provider",
  "apps/oauth2",
  "apps/shop-example",
].filter((folder) => existsSync(path.join(root, folder, "tsconfig.build.json")));
const WEB = "apps/web";
const CONSOLE = "apps/console";
const INPUTS = [...TYPESCRIPT_APPS, WEB, CONSOLE, "package-lock.json"];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`build: ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

/** A hash of the build's inputs: the content of every file git knows or would add. */
function fingerprint() {
  const listed = spawnSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...INPUTS],
    { cwd: root, encoding: "buffer", maxBuffer: 64 * 2 ** 20 },
  );
  if (listed.status !== 0) return undefined;
  const hash = createHash("sha256");
  for (const file of listed.stdout.toString("utf8").split("\0").filter(Boolean).sort()) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    hash.update(file).update("\0").update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

function compileTypeScript(folder) {
  rmSync(path.join(root, folder, "dist"), { recursive: true, force: true });
  run(process.execPath, [
    path.join(root, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    path.join(folder, "tsconfig.build.json"),
  ]);
}

/**
 * Brotli at its best (quality 11) and gzip at level 9 beside every file of a type worth
 * compressing: too slow per request, free once at build time. A copy that would not be smaller
 * is not written.
 */
function precompress(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !Object.hasOwn(CONTENT_TYPES, path.extname(file))) continue;
    const content = readFileSync(file);
    const copies = {
      ".br": brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      ".gz": gzipSync(content, { level: 9 }),
    };
    for (const [suffix, compressed] of Object.entries(copies)) {
      if (compressed.length < content.length) writeFileSync(`${file}${suffix}`, compressed);
    }
  }
}

/**
 * `next build` of a Next.js app with standalone output, completed with what the server needs
 * beside it: the static assets Next leaves out (a CDN may serve them; this build serves them
 * itself, as `next start` would), `public/`, and the app's own server entry (`files`), which
 * production starts instead of Next's server.js.
 */
function buildNext(folder, { files, precompressStatic }) {
  const app = path.join(root, folder);
  run(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: app,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const server = path.join(app, ".next", "standalone", folder);
  if (precompressStatic) precompress(path.join(app, ".next", "static"));
  cpSync(path.join(app, ".next", "static"), path.join(server, ".next", "static"), {
    recursive: true,
  });
  if (existsSync(path.join(app, "public"))) {
    cpSync(path.join(app, "public"), path.join(server, "public"), { recursive: true });
  }
  for (const file of files) cpSync(path.join(app, file), path.join(server, file));
}

const ifChanged = process.argv.includes("--if-changed");
const stamp = fingerprint();
if (ifChanged && stamp && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
  console.log("build: nothing changed since the last build");
  process.exit(0);
}
rmSync(stampFile, { force: true });
for (const folder of TYPESCRIPT_APPS) compileTypeScript(folder);
buildNext(WEB, {
  files: ["server.mjs", "precompressed-static.mjs", "static-headers.json"],
  precompressStatic: true,
});
buildNext(CONSOLE, { files: ["server.mjs"], precompressStatic: false });
if (stamp) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp);
}
console.log("build: done");
