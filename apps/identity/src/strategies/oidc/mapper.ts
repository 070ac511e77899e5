// Provider claims to identity traits. Kratos runs a Jsonnet program per provider (mapper_url);
// we take a declarative map instead: each key is a trait path ("traits.name.first"), each value
// a claim name ("given_name"), a dotted path into the claims ("address.country") or a list of
// those tried in order. Claims that are absent, empty or not scalar leave the trait unset, so
// the schema check can ask the customer for it. No code runs from configuration.

export type ClaimsMapper = Readonly<Record<string, string | readonly string[]>>;

export function mapClaimsToTraits(
  mapper: ClaimsMapper,
  claims: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const traits: Record<string, unknown> = {};
  for (const [traitPath, source] of Object.entries(mapper)) {
    const value = (typeof source === "string" ? [source] : source)
      .map((path) => claimAt(claims, path))
      .find(isUsable);
    if (value === undefined) continue;
    setAt(traits, traitPath.split(".").slice(1), typeof value === "string" ? value.trim() : value);
  }
  return traits;
}

function claimAt(claims: Readonly<Record<string, unknown>>, path: string): unknown {
  let cursor: unknown = claims;
  for (const key of path.split(".")) {
    if (cursor === null || typeof cursor !== "object" || !Object.hasOwn(cursor, key))
      return undefined;
    cursor = (cursor as Record<string, unknown>)[key];
  }
  return cursor;
}

function isUsable(value: unknown): value is string | number | boolean {
  if (typeof value === "string") return value.trim() !== "";
  return typeof value === "number" || typeof value === "boolean";
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let cursor = target;
  for (const key of path.slice(0, -1)) {
    if (cursor[key] === null || typeof cursor[key] !== "object") cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[path.at(-1)!] = value;
}
