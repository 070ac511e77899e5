// The process environment the identity service runs best in, beside its own settings. Every
// launcher adds it (`npm start`, `npm run start:production`, the benchmark); docs/production.md
// asks other process managers to do the same. A value already in the environment
// wins.
//
// MALLOC_ARENA_MAX=1: glibc gives each thread that allocates its own malloc arena and keeps what
// was freed in it. The service's threads (libuv's, hashing 19 MiB per argon2id password; V8's
// compiler and collector helpers) left about 20 MB each resident after a burst of sign-ins; with
// one arena the service keeps one burst's worth (measured by the benchmark: 268 -> 237 MB idle on PGlite).
const identityProcessEnv = { MALLOC_ARENA_MAX: "1" };

/** `env` with the identity service's process settings added where `env` has none. */
export function withIdentityProcessEnv(env) {
  return { ...identityProcessEnv, ...env };
}
