import type { SignedIn } from "./relying-party.ts";

// The shop's pages: plain server-rendered HTML, no JavaScript, German or English (`?lang=en`,
// then remembered with the sign-in). Moos's own screens speak for themselves.

export type Language = "de" | "en";

const texts = {
  de: {
    title: "Moos Shop (Beispiel)",
    intro: "Ein kleiner Beispiel-Shop: die Anmeldung läuft über dein Moos-Konto.",
    logIn: "Anmelden",
    logOut: "Abmelden",
    hello: (name: string) => `Hallo, ${name}`,
    account: "Mein Moos-Konto",
    other: "English",
    failed: "Die Anmeldung hat nicht geklappt. Versuche es bitte noch einmal.",
  },
  en: {
    title: "Moos Shop (example)",
    intro: "A small example shop: you log in with your Moos account.",
    logIn: "Log in",
    logOut: "Log out",
    hello: (name: string) => `Hello, ${name}`,
    account: "My Moos account",
    other: "Deutsch",
    failed: "Logging in did not work. Please try again.",
  },
} as const;

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function layout(language: Language, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2a1f}
button,a.button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #2f5d3a;background:#2f5d3a;color:#fff;text-decoration:none;cursor:pointer}
.note{background:#fdecea;padding:.8rem;border-radius:.5rem}</style>
</head>
<body><main><h1>${t.title}</h1>${body}</main></body>
</html>`;
}

export function homePage(options: {
  language: Language;
  customer: SignedIn | undefined;
  accountUrl: string | undefined;
  failed: boolean;
}): string {
  const { language, customer } = options;
  const t = texts[language];
  const other: Language = language === "de" ? "en" : "de";
  const switcher = `<p><a href="/?lang=${other}" lang="${other}">${t.other}</a></p>`;
  const failed = options.failed ? `<p class="note" role="alert">${t.failed}</p>` : "";
  if (!customer) {
    return layout(
      language,
      `${failed}<p>${t.intro}</p>
<p><a class="button" href="/login?lang=${language}">${t.logIn}</a></p>${switcher}`,
    );
  }
  const account = options.accountUrl
    ? `<p><a href="${escapeHtml(options.accountUrl)}">${t.account}</a></p>`
    : "";
  return layout(
    language,
    `<p id="customer">${escapeHtml(t.hello(customer.name))}</p>${account}
<form method="post" action="/logout"><button type="submit">${t.logOut}</button></form>${switcher}`,
  );
}
