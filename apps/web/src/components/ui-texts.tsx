"use client";

import * as React from "react";

/**
 * The few texts the design system's client components show on their own: the password reveal
 * toggle, the spinner, the loading screen, the toasts, the email typo hint. The layout reads them on the server
 * (src/i18n/ui-texts.server.ts) and hands them down as plain strings, so the browser gets no
 * translation library: next-intl stays on the server, and every other text reaches a client
 * component as a prop from the server component that renders it.
 */
export interface UiTexts {
  /** The spinner's label for screen readers. */
  readonly loading: string;
  /** The loading screen's name. */
  readonly loadingScreen: string;
  readonly tryAgainSomethingWentWrong: string;
  readonly reload: string;
  readonly showPassword: string;
  readonly hidePassword: string;
  /** "Meintest du {email}?": a likely typo in an email address, `{email}` the address meant. */
  readonly emailTypoQuestion: string;
  /** The button that takes the address meant. */
  readonly emailTypoTake: string;
  readonly close: string;
  /** A toast's name. */
  readonly notification: string;
  /** The toast region's name, with its hotkey. */
  readonly notifications: string;
  /** A form's answer while the identity service is briefly unavailable (503). */
  readonly unavailable: string;
}

const UiTextsContext = React.createContext<UiTexts | null>(null);

export function UiTextsProvider({
  texts,
  children,
}: {
  texts: UiTexts;
  children?: React.ReactNode;
}): React.JSX.Element {
  return <UiTextsContext value={texts}>{children}</UiTextsContext>;
}

export function useUiTexts(): UiTexts {
  const texts = React.use(UiTextsContext);
  if (!texts) throw new Error("useUiTexts() needs a <UiTextsProvider> above it");
  return texts;
}
