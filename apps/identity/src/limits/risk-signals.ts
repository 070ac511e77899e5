import type { Deps } from "../deps/deps.ts";
import { secretHash } from "../security/secret-hash.ts";
import { networkOf } from "./network.ts";
import { readShopWide, type ShopWide, shopWideKey } from "./shop-wide.ts";

// The risk signals of a login or registration (docs/security.md#bot-defence), counted in the
// database's fixed windows (`rate_limits`), so every instance counts together:
// - per client address and per network (IPv4 /24, IPv6 /56): how many *different* email
//   addresses or identifiers were submitted from there. A customer types one address, maybe a
//   second after a typo; a script registering fresh addresses or trying leaked credentials types
//   a new one each time, from whatever address it rotates to inside its network;
// - per target: how many submits named this address or identifier, from anywhere (its mailbox,
//   for registration: `kim+1@gmail.com` and `k.im@gmail.com` are one);
// - shop-wide (shop-wide.ts): registrations per minute against the usual rate, and the share of
//   failed sign-ins across all identifiers.
// Targets are keyed by an HMAC under the service secret, as every limit keys what was typed.

export type RiskFlow = "login" | "registration";

export interface RiskCounts {
  /** Different targets submitted from the client address in the window. */
  readonly ipTargets: number;
  /** Different targets submitted from its network in the window. */
  readonly networkTargets: number;
  /** Submits for this target in the window, from anywhere (0 when the submit names none). */
  readonly targetSubmits: number;
  readonly shopWide: ShopWide;
}

export interface RiskSubject {
  readonly flow: RiskFlow;
  /** The client's address (Fastify's request.ip, which honours `trusted_proxies`). */
  readonly ip: string;
  /** The mailbox or identifier the submit names; undefined for a submit that names none. */
  readonly target?: string | undefined;
}

/** 128 bits of the target's HMAC: enough to tell targets apart, half the key's length. */
function targetKey(deps: Deps, target: string): string {
  return secretHash(deps.config.secrets.default[0]!, "risk-target", target).slice(0, 32);
}

const keys = {
  ipTargets: (ip: string): string => `risk:ip-targets:${ip}`,
  networkTargets: (network: string): string => `risk:net-targets:${network}`,
  ipPair: (ip: string, target: string): string => `risk:ip-seen:${ip}:${target}`,
  networkPair: (network: string, target: string): string => `risk:net-seen:${network}:${target}`,
  target: (target: string): string => `risk:target:${target}`,
};

/** What a flow's start knows: the counts of its address and network, nothing counted. */
export async function peekRisk(deps: Deps, subject: RiskSubject): Promise<RiskCounts> {
  const now = deps.now();
  const ip = keys.ipTargets(subject.ip);
  const network = keys.networkTargets(networkOf(subject.ip));
  const current = shopWideKey(now);
  const counts = await deps.persistence.limits.peekMany(
    [ip, network, current.registrations, current.logins, current.failures],
    now,
  );
  return {
    ipTargets: counts.get(ip) ?? 0,
    networkTargets: counts.get(network) ?? 0,
    targetSubmits: 0,
    shopWide: await readShopWide(deps, now, {
      registrations: counts.get(current.registrations) ?? 0,
      logins: counts.get(current.logins) ?? 0,
      failures: counts.get(current.failures) ?? 0,
    }),
  };
}

/**
 * Counts a submit and answers the counts it leaves: one statement for the target, the pairs and
 * the shop-wide minute, a second for the address's and the network's different targets (each
 * counted when the pair is new, else read).
 */
export async function countSubmit(deps: Deps, subject: RiskSubject): Promise<RiskCounts> {
  const now = deps.now();
  const { window } = deps.config.bot_defence;
  const limits = deps.persistence.limits;
  const network = networkOf(subject.ip);
  const current = shopWideKey(now);
  const flowKey = subject.flow === "registration" ? current.registrations : current.logins;
  const target = subject.target ? targetKey(deps, subject.target) : undefined;
  const first = await limits.hitMany(
    [
      { key: flowKey, windowMs: current.windowMs },
      ...(target
        ? [
            { key: keys.target(target), windowMs: window },
            { key: keys.ipPair(subject.ip, target), windowMs: window },
            { key: keys.networkPair(network, target), windowMs: window },
          ]
        : []),
    ],
    now,
  );
  const ipKey = keys.ipTargets(subject.ip);
  const networkKey = keys.networkTargets(network);
  const isNew = (key: string): boolean => target !== undefined && first.get(key) === 1;
  const fresh = [
    ...(isNew(keys.ipPair(subject.ip, target ?? "")) ? [ipKey] : []),
    ...(isNew(keys.networkPair(network, target ?? "")) ? [networkKey] : []),
  ];
  const read = [ipKey, networkKey, current.failures].filter((key) => !fresh.includes(key));
  const [counted, peeked] = await Promise.all([
    limits.hitMany(
      fresh.map((key) => ({ key, windowMs: window })),
      now,
    ),
    limits.peekMany(read, now),
  ]);
  const countOf = (key: string): number => counted.get(key) ?? peeked.get(key) ?? 0;
  const flowCount = first.get(flowKey) ?? 0;
  return {
    ipTargets: countOf(ipKey),
    networkTargets: countOf(networkKey),
    targetSubmits: target ? (first.get(keys.target(target)) ?? 0) : 0,
    shopWide: await readShopWide(deps, now, {
      ...(subject.flow === "registration" ? { registrations: flowCount } : { logins: flowCount }),
      failures: countOf(current.failures),
    }),
  };
}

/** A failed sign-in (wrong credentials), for the shop-wide share of failures. */
export async function countFailedSignIn(deps: Deps): Promise<void> {
  const current = shopWideKey(deps.now());
  await deps.persistence.limits.hitMany(
    [{ key: current.failures, windowMs: current.windowMs }],
    deps.now(),
  );
}

/** A submit without JavaScript's solution that waited instead: counted per network. */
export async function countNoScriptWait(deps: Deps, ip: string): Promise<number> {
  const key = `risk:no-script:${networkOf(ip)}`;
  const counts = await deps.persistence.limits.hitMany(
    [{ key, windowMs: deps.config.bot_defence.window }],
    deps.now(),
  );
  return counts.get(key) ?? 0;
}
