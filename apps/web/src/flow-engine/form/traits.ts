// Identity traits from a form: every `traits.<path>` field becomes a value at that path, so a
// form can send traits it did not know in advance (the social register screen shows what the
// identity service asks for, and sends back what the provider gave as hidden fields).

/** The `traits.*` fields of a form, trimmed, as the nested object Kratos expects. */
export function traitsFromForm(values: Readonly<Record<string, string>>): Record<string, unknown> {
  const traits: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith("traits.")) continue;
    const path = name.slice("traits.".length).split(".");
    if (path.some((key) => key === "" || key === "__proto__" || key === "constructor")) continue;
    let target = traits;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      target[key] = typeof next === "object" && next !== null ? next : {};
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = value.trim();
  }
  return traits;
}

/** The `traits.*` fields of a form, trimmed, to show again. */
export function traitFields(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name.startsWith("traits."))
      .map(([name, value]) => [name, value.trim()]),
  );
}
