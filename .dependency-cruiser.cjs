// Which way imports may run, checked by `npm run lint` (dependency-cruiser). Type-only imports
// count too: a type cycle couples modules as much as a runtime one. apps/identity/src/README.md
// explains the layers these rules keep apart.

const identity = "^apps/identity/src/";
const notTests = "\\.test\\.tsx?$";
// Tests and their helpers (a real SMTP server, a dispatcher in a child process) may reach any
// layer, the SQL included, to set up and inspect what they test.
const testCode = [notTests, "/test-support/"];
const web = "^apps/web/src/";
// The stored flow record (its JSON, each kind's declared state) sits at the top of flows/, as
// Kratos's selfservice/flow package holds the flow beside its kinds; every layer may read it.
const flowRecord = `${identity}flows/(flow|flow-state|check-flow-state)\\.ts$`;
// The console's records (staff roles, locks, audit entries), which the persistence port stores.
const consoleRecords = `${identity}console/records\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A cycle means a change on one side ripples back to the other. Move what both sides " +
        "share to a module both may import, or hand the dependency over from the composition root.",
      from: { path: "^apps/(identity|web|console)/src/" },
      to: { circular: true },
    },
    {
      name: "flows-not-to-strategies",
      severity: "error",
      comment:
        "A flow declares the interface its strategies implement (flows/<flow>/strategy.ts) and " +
        "gets them from ctx.deps.strategies, which the composition root (registry.ts) fills.",
      from: { path: `${identity}flows/`, pathNot: notTests },
      to: { path: `${identity}strategies/` },
    },
    {
      name: "session-not-to-flows-strategies-hooks",
      severity: "error",
      comment:
        "Sessions sit below the flows: they learn about second factors through the " +
        "SecondFactor interface in session/aal.ts, never from a strategy or a flow.",
      from: { path: `${identity}session/`, pathNot: notTests },
      to: { path: `${identity}(flows|strategies|hooks)/`, pathNot: flowRecord },
    },
    {
      name: "persistence-inward-only",
      severity: "error",
      comment:
        "The persistence port and its SQL adapter know the records they store (the flow " +
        "record, identity/, session/, security/records.ts, console/records.ts; the outbox's own are " +
        "declared in persistence/outbox.ts), never the code that handles requests or sends messages.",
      from: { path: `${identity}persistence/`, pathNot: notTests },
      to: {
        path: `${identity}(http|flows|strategies|hooks|outbox|limits|deps|composition|console)/`,
        pathNot: [flowRecord, consoleRecords],
      },
    },
    {
      name: "console-above-the-sign-in",
      severity: "error",
      comment:
        "console/ (the customer-service console's API) uses flows, sessions and account " +
        "safety like the admin API does; none of them knows it (a lock is read through the " +
        "persistence port, session/account-lock.ts).",
      from: {
        path: `${identity}(flows|strategies|hooks|security|session|identity|ui|outbox|limits)/`,
        pathNot: notTests,
      },
      to: { path: `${identity}console/` },
    },
    {
      name: "persistence-port-without-sql",
      severity: "error",
      comment:
        "The port (persistence/*.ts) is what every layer depends on; the SQL adapter " +
        "(persistence/sql/) implements it and is picked by the composition root.",
      from: { path: `${identity}persistence/[^/]+$`, pathNot: notTests },
      to: { path: `${identity}persistence/sql/` },
    },
    {
      name: "sql-adapter-only-from-composition-root",
      severity: "error",
      comment:
        "Only the composition root (composition/app.ts) and the migrate command main.ts runs " +
        "open the database; everything else reaches it through the persistence port in Deps.",
      from: {
        path: identity,
        pathNot: [
          `${identity}persistence/`,
          `${identity}composition/`,
          `${identity}commands/`,
          ...testCode,
        ],
      },
      to: { path: `${identity}persistence/sql/` },
    },
    {
      name: "deps-at-the-bottom",
      severity: "error",
      comment:
        "deps/deps.ts declares what every handler is given (Deps) so every layer may name it; " +
        "it imports the ports only, and the composition root fills it.",
      from: { path: `${identity}deps/`, pathNot: notTests },
      to: {
        path: `${identity}(http|flows|strategies|hooks|session|security|outbox|limits|admin|composition|persistence/sql)/`,
      },
    },
    {
      name: "http-is-only-http",
      severity: "error",
      comment:
        "http/ is the HTTP kit every handler uses (servers, body, CSRF, cookies, CORS, errors, " +
        "answers, logs); it imports no layer that handles requests and no wiring.",
      from: { path: `${identity}http/`, pathNot: notTests },
      to: {
        path: `${identity}(flows|strategies|hooks|session|security|outbox|limits|admin|composition)/`,
      },
    },
    {
      name: "outbox-below-flows-and-strategies",
      severity: "error",
      comment:
        "outbox/ writes and sends what flows, strategies and account safety hand it (emails, " +
        "webhooks, jobs): it imports none of them, nor the wiring; job handlers and kinds are " +
        "registered by the composition root.",
      from: { path: `${identity}outbox/`, pathNot: testCode },
      to: {
        path: `${identity}(http|flows|strategies|hooks|session|security|limits|admin|composition)/`,
        pathNot: `${identity}security/records\\.ts$`,
      },
    },
    {
      name: "outbox-sql-through-the-port",
      severity: "error",
      comment:
        "Every statement on the outbox table lives in persistence/sql/outbox-persister.ts, " +
        "behind the port persistence/outbox.ts; outbox/ writes no SQL.",
      from: { path: `${identity}outbox/`, pathNot: testCode },
      to: { path: [`${identity}persistence/sql/`, "(^|/)node_modules/kysely/"] },
    },
    {
      name: "cleanup-through-the-port",
      severity: "error",
      comment:
        "cleanup/ (the sweep for expired rows and its schedule) deletes through the persistence " +
        "port's CleanupPersister; it writes no SQL and knows no request-handling code. The " +
        "composition root starts its schedule and the cleanup command runs one sweep.",
      from: { path: `${identity}cleanup/`, pathNot: testCode },
      to: {
        path: [
          `${identity}(persistence/sql|http|flows|strategies|hooks|session|security|outbox|limits|admin|console|composition|commands)/`,
          "(^|/)node_modules/kysely/",
        ],
      },
    },
    {
      name: "limits-below-flows-and-strategies",
      severity: "error",
      comment:
        "limits/ holds every limit (per-IP windows, the login throttle, code emails per " +
        "address, failed sign-ins per day) with one identifier hash; flows and strategies " +
        "call it, so it imports neither, nor hooks, the outbox or the wiring.",
      from: { path: `${identity}limits/`, pathNot: notTests },
      to: {
        path: `${identity}(flows|strategies|hooks|session|outbox|admin|composition)/`,
        pathNot: flowRecord,
      },
    },
    {
      name: "hooks-below-flows-and-strategies",
      severity: "error",
      comment:
        "Hooks are the completion steps flows and strategies share (issuing a session, " +
        "linking a profile, verified addresses), so they import neither.",
      from: { path: `${identity}hooks/`, pathNot: notTests },
      to: { path: `${identity}(flows|strategies)/`, pathNot: flowRecord },
    },
    {
      name: "security-below-flows-and-strategies",
      severity: "error",
      comment:
        "security/ (events, notices, trusted devices, notice links, the activity) " +
        "is called by flows and strategies like the hooks are, so it imports neither.",
      from: { path: `${identity}security/`, pathNot: notTests },
      to: { path: `${identity}(flows|strategies|hooks)/`, pathNot: flowRecord },
    },
    {
      name: "domain-at-the-bottom",
      severity: "error",
      comment:
        "The flow record, identity/ and ui/ hold records and node builders every layer uses; " +
        "they import no request-handling code, sessions or storage.",
      from: { path: [flowRecord, `${identity}(identity|ui)/`], pathNot: notTests },
      to: {
        path: `${identity}(http|flows|strategies|hooks|session|persistence|composition|deps|outbox|limits)/`,
        pathNot: flowRecord,
      },
    },
    {
      name: "methods-never-answer",
      severity: "error",
      comment:
        "A method says what happened (a verdict) and the flow answers: strategies/ reach neither " +
        "the reply helpers nor the code that saves a flow and answers (docs/architecture.md#a-request). " +
        "strategies/methods-never-answer.test.ts checks what imports do not show (the reply type, " +
        "the flow persister reached through deps).",
      from: { path: `${identity}strategies/`, pathNot: notTests },
      to: {
        path: [
          `${identity}http/(respond|answer)\\.ts$`,
          `${identity}flows/(flow-answer|flow-routes)\\.ts$`,
          `${identity}flows/[^/]+/(first-factor-step|second-factor-step|submit-method|outcome|complete-[^/]+|answer-[^/]+|[^/]+-route|[^/]+-routes)\\.ts$`,
          `${identity}persistence/sql/`,
        ],
      },
    },
    {
      name: "flows-answer-in-one-place",
      severity: "error",
      comment:
        "Login, registration, settings, recovery, verification and the social callback return " +
        "an Answer; flow-routes.ts (answerRequest) writes it, or the error, once " +
        "(docs/architecture.md#a-request). Their folders never reach the reply helpers.",
      from: {
        path: `${identity}flows/(login|registration|settings|recovery|verification|social)/`,
        pathNot: notTests,
      },
      to: { path: `${identity}http/respond\\.ts$` },
    },
    {
      name: "strategies-only-from-composition-root",
      severity: "error",
      comment:
        "Only the composition root (composition/) knows both flows and strategies: registry.ts " +
        "(which strategy serves which flow), app.ts and the servers that mount strategy routes.",
      from: {
        path: identity,
        pathNot: [`${identity}strategies/`, `${identity}composition/`, notTests],
      },
      to: { path: `${identity}strategies/` },
    },
    {
      name: "oauth2-port-at-the-bottom",
      severity: "error",
      comment:
        "oauth2/oauth2-provider.ts is the port for the OAuth2 server (Kratos's oauth2_provider): " +
        "types only, which flows and hooks call without knowing the HTTP client behind it.",
      from: { path: `${identity}oauth2/[^/]+$`, pathNot: notTests },
      to: { path: `${identity}(http|flows|strategies|hooks|session|persistence|oauth2/hydra)/` },
    },
    {
      name: "oauth2-adapter-only-from-composition-root",
      severity: "error",
      comment:
        "The Hydra admin client (oauth2/hydra/) implements the port; only composition/app.ts " +
        "builds it and hands it over as deps.oauth2.",
      from: {
        path: identity,
        pathNot: [`${identity}oauth2/hydra/`, `${identity}composition/app\\.ts$`, notTests],
      },
      to: { path: `${identity}oauth2/hydra/` },
    },
    {
      name: "web-routes-at-the-top",
      severity: "error",
      comment:
        "src/app/ holds Next's routes only: a page reads its props and renders a screen. " +
        "Nothing imports a route; what two routes share lives in screens/ or flow-engine/.",
      from: { path: web, pathNot: `${web}app/` },
      to: { path: `${web}app/` },
    },
    {
      name: "web-flow-engine-below-screens",
      severity: "error",
      comment:
        "flow-engine/ runs any self-service flow (start, load, submit, errors, next step, forms, " +
        "passkeys) and knows no screen: a screen imports the engine, never the other way round.",
      from: { path: `${web}flow-engine/` },
      to: { path: `${web}(screens|app)/` },
    },
    {
      name: "web-foundations-below-flows",
      severity: "error",
      comment:
        "components/ (the design system), i18n/, lib/ and validation/ are what screens and the " +
        "flow engine stand on; they know neither. (Tests may borrow the engine's fakes.)",
      from: { path: `${web}(components|i18n|lib|validation)/`, pathNot: notTests },
      to: { path: `${web}(flow-engine|screens|app)/` },
    },
    {
      name: "web-sign-in-without-admin-api",
      severity: "error",
      comment:
        "Signing in (email step, password, code, social, second factor, recovery, User " +
        "migration) speaks only the self-service API: an admin lookup there would tell whose " +
        "address is registered (docs/security.md#no-timing-oracle).",
      from: {
        path: `${web}screens/(login|second-factor|social|code-flow|recovery|migration)/`,
        pathNot: notTests,
      },
      to: { path: `${web}lib/admin\\.server\\.ts$`, reachable: true },
    },
    {
      name: "web-meets-identity-over-http",
      severity: "error",
      comment:
        "The web app talks to the identity service through Ory's SDK and packages/contract only.",
      from: { path: "^apps/web/" },
      to: { path: "^apps/identity/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.next/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
