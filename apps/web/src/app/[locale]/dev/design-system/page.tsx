import { MessageId } from "@moos/contract";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { Input } from "../../../../components/input";
import { Logo } from "../../../../components/logo";
import { PasswordInput } from "../../../../components/password-input";
import { SocialButton } from "../../../../components/social-button";
import { Spinner } from "../../../../components/spinner";
import { formatUiText } from "../../../../i18n/format-ui-text";
import { isAppLocale } from "../../../../i18n/routing";
import { ToastDemo } from "./toast-demo";

// The design system's reference page: every component in every state, in the app's real
// layout and styles. For developers only: a production server hides it (404) unless it is
// started with SHOW_DESIGN_SYSTEM=1, e.g. to review a build.

export const metadata: Metadata = {
  title: "Design system · Moos",
  robots: { index: false, follow: false },
};

// Literal class names, so Tailwind generates every swatch (it only emits what it finds).
const palettes: Record<string, readonly string[]> = {
  beige: [
    "bg-beige-50",
    "bg-beige-100",
    "bg-beige-200",
    "bg-beige-300",
    "bg-beige-400",
    "bg-beige-500",
    "bg-beige-600",
    "bg-beige-700",
    "bg-beige-800",
    "bg-beige-900",
  ],
  gray: [
    "bg-gray-50",
    "bg-gray-100",
    "bg-gray-200",
    "bg-gray-300",
    "bg-gray-400",
    "bg-gray-500",
    "bg-gray-600",
    "bg-gray-700",
    "bg-gray-800",
    "bg-gray-900",
  ],
  green: [
    "bg-green-50",
    "bg-green-100",
    "bg-green-200",
    "bg-green-300",
    "bg-green-400",
    "bg-green-500",
    "bg-green-600",
    "bg-green-700",
    "bg-green-800",
    "bg-green-900",
  ],
  petrol: [
    "bg-petrol-50",
    "bg-petrol-100",
    "bg-petrol-200",
    "bg-petrol-300",
    "bg-petrol-400",
    "bg-petrol-500",
    "bg-petrol-600",
    "bg-petrol-700",
    "bg-petrol-800",
    "bg-petrol-900",
  ],
  purple: [
    "bg-purple-50",
    "bg-purple-100",
    "bg-purple-200",
    "bg-purple-300",
    "bg-purple-400",
    "bg-purple-500",
    "bg-purple-600",
    "bg-purple-700",
    "bg-purple-800",
    "bg-purple-900",
  ],
};
const tones = [
  "bg-success",
  "bg-success-light",
  "bg-danger",
  "bg-danger-light",
  "bg-warning",
  "bg-warning-light",
  "bg-info",
  "bg-info-light",
  "bg-black",
  "bg-white",
  "bg-surface",
  "bg-apple",
  "bg-google",
  "bg-facebook",
  "bg-facebook-600",
  "bg-facebook-700",
];
const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900];

const kratosExamples = [
  { id: MessageId.invalidCredentials, text: "The provided credentials are invalid." },
  {
    id: MessageId.loginFlowExpired,
    text: "The login flow expired.",
    context: { expired_at_unix: 0 },
  },
  {
    id: MessageId.accountRecovered,
    text: "You recovered your account.",
    context: { privileged_session_expires_at_unix: 0 },
  },
  {
    id: MessageId.identifierUsedByAnotherAccount,
    text: "You tried signing in with anna@example.de ...",
    context: {
      credential_identifier_hint: "anna@example.de",
      available_credential_types: ["password", "oidc"],
      available_oidc_providers: ["google", "apple"],
    },
  },
  { id: 4999999, text: "An id we have no translation for shows the server's text." },
];

function isDesignSystemVisible(): boolean {
  return process.env.NODE_ENV !== "production" || process.env.SHOW_DESIGN_SYSTEM === "1";
}

export default async function DesignSystemPage(): Promise<React.JSX.Element> {
  // Decide per request, not at build time, so SHOW_DESIGN_SYSTEM works on a built app.
  await connection();
  if (!isDesignSystemVisible()) notFound();

  const requested = await getLocale();
  const locale = isAppLocale(requested) ? requested : "de";
  const t = await getTranslations({ locale, namespace: "kratos" });
  // Times relative to this request, so the examples read "in 15 Minuten" / "vor 3 Minuten".
  const nowSeconds = Math.floor(Date.now() / 1000);
  const examples = kratosExamples.map((example) =>
    example.id === MessageId.loginFlowExpired
      ? { ...example, context: { expired_at_unix: nowSeconds - 180 } }
      : example.id === MessageId.accountRecovered
        ? { ...example, context: { privileged_session_expires_at_unix: nowSeconds + 900 } }
        : example,
  );

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-12 p-6 text-gray-900">
      <header className="flex flex-col gap-4">
        <Logo />
        <h1>Design system</h1>
        <p className="text-gray-700">
          Tokens in <code>src/components/tokens.css</code>, components in{" "}
          <code>src/components/</code>. Locale: {locale}.
        </p>
      </header>

      <Section title="Typography">
        <h1>h1 Überschrift (1.625rem)</h1>
        <h2>h2 Überschrift (1.5rem)</h2>
        <h3>h3 Überschrift (1.25rem)</h3>
        <h4>h4 Überschrift (1.125rem)</h4>
        <h5>h5 Überschrift (1rem)</h5>
        <p>Fließtext in der Systemschrift. Gib bitte eine gültige E-Mail Adresse ein.</p>
      </Section>

      <Section title="Colours">
        {Object.entries(palettes).map(([name, classes]) => (
          <div key={name} className="flex flex-col gap-1">
            <h3>{name}</h3>
            <div className="grid grid-cols-5 gap-1 mobile:grid-cols-10">
              {classes.map((swatch, index) => (
                <div key={swatch} className="flex flex-col items-center gap-1 text-xs">
                  <span
                    className={`h-10 w-full rounded-control border border-gray-200 ${swatch}`}
                  />
                  {shades[index]}
                </div>
              ))}
            </div>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          {tones.map((tone) => (
            <div key={tone} className="flex flex-col items-center gap-1 text-xs">
              <span className={`size-10 rounded-control border border-gray-200 ${tone}`} />
              {tone.replace("bg-", "")}
            </div>
          ))}
        </div>
        <p className="text-sm text-gray-700">
          Text: shades 600-900 on the surface or any 50 shade (at least 4.5:1 in both colour
          schemes, pinned in tokens.test.ts). In the dark scheme every palette mirrors (50 and 900
          trade values, and so on), so the same classes serve both. Facebook blue with white text
          reaches only 4.23:1: bold text of 18.66px or more only; the Facebook button uses the
          darker facebook-600 (4.82:1).
        </p>
      </Section>

      <Section title="Button (40px)">
        <div className="flex flex-wrap items-center gap-3">
          <Button>Anmelden</Button>
          <Button variant="secondary">Konto erstellen</Button>
          <Button variant="link">Passwort vergessen?</Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button isLoading>Anmelden</Button>
          <Button variant="secondary" isLoading>
            Konto erstellen
          </Button>
          <Button disabled>Deaktiviert</Button>
        </div>
      </Section>

      <Section title="Social button (40px)">
        <div className="flex max-w-sm flex-col gap-3">
          <SocialButton provider="apple">Weiter mit Apple</SocialButton>
          <SocialButton provider="facebook">Weiter mit Facebook</SocialButton>
          <SocialButton provider="google">Weiter mit Google</SocialButton>
          <SocialButton provider="google" isLoading>
            Weiter mit Google
          </SocialButton>
        </div>
      </Section>

      <Section title="Input (48px)">
        <Input label="E-Mail-Adresse" name="email" type="email" placeholder="anna@example.de" />
        <Input label="Vorname" name="first" defaultValue="Anna" isValid />
        <Input
          label="E-Mail-Adresse"
          name="email-invalid"
          type="email"
          defaultValue="anna@"
          error="Gib bitte eine gültige E-Mail Adresse ein"
        />
        <Input
          label="Bestätigungscode"
          name="code"
          type="number"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <Input label="Deaktiviert" name="disabled" disabled defaultValue="Nicht änderbar" />
      </Section>

      <Section title="PasswordInput">
        <PasswordInput label="Passwort" name="password" autoComplete="new-password" />
        <PasswordInput label="Passwort" name="password-valid" defaultValue="geheim1234" isValid />
        <PasswordInput
          label="Passwort wiederholen"
          name="password-invalid"
          defaultValue="geheim"
          error="Passwörter stimmen nicht überein"
        />
      </Section>

      <Section title="Alert">
        <Alert severity="info" title="Info">
          Wir haben dir eine E-Mail mit einem Bestätigungscode geschickt.
        </Alert>
        <Alert severity="success" title="Erfolg">
          Deine Änderungen sind gespeichert.
        </Alert>
        <Alert severity="warning">Eine Warnung ohne Titel.</Alert>
        <Alert
          severity="error"
          title="Etwas ist schiefgelaufen. Versuche es bitte später noch einmal."
        />
      </Section>

      <Section title="Toast (F8 focuses the region)">
        <ToastDemo />
      </Section>

      <Section title="Spinner">
        <Spinner />
      </Section>

      <Section title="Kratos messages (formatUiText)">
        <ul className="flex list-disc flex-col gap-2 pl-5">
          {examples.map((example) => (
            <li key={example.id}>
              <code className="text-sm text-gray-700">{example.id}</code>{" "}
              {formatUiText(example, t, locale)}
            </li>
          ))}
        </ul>
      </Section>
    </main>
  );
}

function Section({
  title,
  children,
}: {
  title: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="border-b border-gray-200 pb-2">{title}</h2>
      {children}
    </section>
  );
}
