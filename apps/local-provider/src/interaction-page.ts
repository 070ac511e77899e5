import type { Person, ProviderKind } from "./persons.ts";

// The page where a developer or a test picks who signs in. German first, English second; plain
// forms, so it works without JavaScript and tests can drive it with two HTTP requests.

const brand: Record<ProviderKind, { name: string; colour: string }> = {
  google: { name: "Google", colour: "#1a73e8" },
  apple: { name: "Apple", colour: "#000000" },
  facebook: { name: "Facebook", colour: "#1877f2" },
};

function html(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export function interactionPage(options: {
  kind: ProviderKind;
  action: string;
  clientId: string;
  persons: Person[];
}): string {
  const { name, colour } = brand[options.kind];
  const action = html(options.action);
  const people = options.persons
    .map(
      (p) => `<li><form method="post" action="${action}">
        <input type="hidden" name="person" value="${html(p.key)}">
        <button type="submit">${html(`${p.first} ${p.last}`)}</button>
        <span>${html(p.email ?? "keine E-Mail / no email")}${p.note ? ` · ${html(p.note)}` : ""}</span>
      </form></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${name} (lokal): Testperson wählen</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
    h1 { font-size: 1.4rem; border-bottom: 4px solid ${colour}; padding-bottom: .4rem; }
    ul { list-style: none; padding: 0; }
    li form { display: flex; gap: .8rem; align-items: center; margin: .5rem 0; }
    button { padding: .5rem .9rem; border: 0; border-radius: 6px; background: ${colour}; color: #fff; cursor: pointer; }
    fieldset { border: 1px solid #ccc; border-radius: 6px; margin-top: 1.5rem; }
    label { display: block; margin: .4rem 0; }
    input[type=text], input[type=email] { width: 100%; padding: .3rem; }
    .cancel { background: #777; }
    small { color: #666; }
  </style>
</head>
<body>
  <h1>Anmelden mit ${name} <small>(lokaler Test-Anbieter / local test provider)</small></h1>
  <p>Wähle eine Testperson für <code>${html(options.clientId)}</code>. <small>Pick a test person.</small></p>
  <ul>
${people}
  </ul>
  <form method="post" action="${action}">
    <fieldset>
      <legend>Eigene Testperson / your own test person</legend>
      <input type="hidden" name="person" value="custom">
      <label>E-Mail (leer lassen für keine / leave empty for none)
        <input type="email" name="email" autocomplete="off"></label>
      <label>Vorname / first name <input type="text" name="first" value="Test"></label>
      <label>Nachname / last name <input type="text" name="last" value="Person"></label>
      <button type="submit">Als diese Person anmelden / sign in as this person</button>
    </fieldset>
  </form>
  <form method="post" action="${action}">
    <input type="hidden" name="person" value="">
    <input type="hidden" name="cancel" value="true">
    <p><button class="cancel" type="submit">Abbrechen / cancel</button></p>
  </form>
</body>
</html>`;
}
