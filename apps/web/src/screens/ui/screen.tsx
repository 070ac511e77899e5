// The parts every screen is built from (server components).

import { fieldOfMessage, MessageId } from "@moos/contract";
import type { UiText } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { buttonVariants } from "../../components/button";
import { CaptchaProvider, type CaptchaTexts } from "../../flow-engine/captcha/captcha";
import { type MessageRefs, MessageRefsProvider } from "../../flow-engine/form/message-refs";
import type { FormatText } from "../../flow-engine/nodes";
import { ScreenFocus } from "../../flow-engine/screen-focus";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { FlowLink } from "../loading/flow-link";
import { SuccessNote } from "./success-note";

/**
 * Message ids shown as success notes (toast with JavaScript, Alert without). 1060001 (back in
 * after recovery, "this session ends in 15 minutes") is not one: a limit the customer must act
 * within stays on the screen as an Alert instead of closing itself after 5 seconds.
 */
export const SUCCESS_NOTE_IDS: ReadonlySet<number> = new Set([
  MessageId.changesSaved,
  MessageId.emailVerified,
  MessageId.phoneNumberVerified,
  MessageId.emailChanged,
  MessageId.emailChangeCancelled,
]);

/** The element id of a flow message (FlowMessages), for a field's aria-describedby. */
export function flowMessageElementId(id: number): string {
  return `flow-message-${id}`;
}

/** Field name -> the element of the flow message that is about it (a wrong password). */
export function messageRefsOf(messages: readonly UiText[] | undefined): MessageRefs {
  const refs: Record<string, string> = {};
  for (const message of messages ?? []) {
    const field = fieldOfMessage(message.id);
    if (field && !refs[field]) refs[field] = flowMessageElementId(message.id);
  }
  return refs;
}

/**
 * The screen: its h1 and intro, then its forms. `messages` are the flow's own messages
 * (FlowMessages shows them): the fields they are about are marked invalid and described by
 * them. The screen has no region name of its own: the h1 is already the first thing read in
 * the main landmark.
 */
export function Screen({
  title,
  intro,
  messages,
  captcha,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  messages?: readonly UiText[] | undefined;
  /** The flow's proof of work (captcha.server.ts), solved while the customer fills the forms. */
  captcha?: ScreenCaptcha | undefined;
  children?: React.ReactNode;
}): React.JSX.Element {
  const content = (
    <MessageRefsProvider refs={messageRefsOf(messages)}>{children}</MessageRefsProvider>
  );
  return (
    <div data-screen className="flex w-full flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 id="screen-title" className="text-h1 font-bold text-gray-900">
          {title}
        </h1>
        {intro ? <p className="text-gray-700">{intro}</p> : null}
      </header>
      {captcha ? (
        <CaptchaProvider challenge={captcha.challenge} texts={captcha.texts}>
          {content}
        </CaptchaProvider>
      ) : (
        content
      )}
      <ScreenFocus />
    </div>
  );
}

/** A flow's challenge and the texts around it, for Screen's `captcha`. */
export interface ScreenCaptcha {
  readonly challenge: string;
  readonly texts: CaptchaTexts;
}

const TEXT_LINK =
  "font-semibold text-petrol-700 underline underline-offset-4 hover:text-petrol-900";

/**
 * A link; one that starts a flow (`startsFlow`: a screen without `?flow=`) shows the loading
 * screen while the browser goes through the identity service.
 */
export function TextLink({
  href,
  startsFlow = false,
  className = TEXT_LINK,
  children,
}: {
  href: string;
  startsFlow?: boolean;
  className?: string;
  children: React.ReactNode;
}): React.JSX.Element {
  if (!startsFlow) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <FlowLink href={href} className={className} reloadHref={config.publicBaseUrl}>
      {children}
    </FlowLink>
  );
}

/** A link that looks like a button: navigation stays a link (works without JavaScript). */
export function LinkButton({
  href,
  variant = "primary",
  startsFlow = false,
  children,
}: {
  href: string;
  variant?: "primary" | "secondary" | "link";
  startsFlow?: boolean;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <TextLink href={href} startsFlow={startsFlow} className={buttonVariants({ variant })}>
      {children}
    </TextLink>
  );
}

/** The text for an `?error=` value: identity service error ids and our own reasons. */
export async function errorReasonText(locale: Locale, reason: string): Promise<string> {
  const common = await getTranslations({ locale, namespace: "common" });
  const t = await getTranslations({ locale, namespace: "error" });
  switch (reason) {
    case "self_service_flow_expired":
      return common("flowExpired");
    case "self_service_flow_replaced":
      return t("reasons.flowReplaced");
    case "security_csrf_violation":
      return t("reasons.csrfViolation");
    case "self_service_flow_return_to_forbidden":
      return t("reasons.returnToForbidden");
    case "network":
      return common("networkError");
    case "rate_limited":
      return common("rateLimited");
    case "service_unavailable":
      return common("unavailable");
    default:
      return common("genericError");
  }
}

export async function ErrorNotice({
  locale,
  reason,
}: {
  locale: Locale;
  reason: string;
}): Promise<React.JSX.Element> {
  return <Alert severity="error">{await errorReasonText(locale, reason)}</Alert>;
}

/**
 * A screen without a flow: the error that brought the user here (`?error=`), or the start-flow
 * error, and a way to start again.
 */
export async function ScreenRoot({
  locale,
  title,
  reason,
  retryHref,
}: {
  locale: Locale;
  title: string;
  /** An `?error=` value; undefined for the start-flow error. */
  reason: string | undefined;
  retryHref: string;
}): Promise<React.JSX.Element> {
  const common = await getTranslations({ locale, namespace: "common" });
  const text = reason ? await errorReasonText(locale, reason) : common("startFlowError");
  return (
    <Screen title={title}>
      <Alert severity="error">{text}</Alert>
      <LinkButton href={retryHref} startsFlow>
        {common("tryAgain")}
      </LinkButton>
    </Screen>
  );
}

function severityOf(message: UiText): "error" | "info" | "success" {
  return message.type === "error" || message.type === "success" ? message.type : "info";
}

/** The flow's own messages (ui.messages): alerts, success notes as toasts. */
export function FlowMessages({
  messages,
  format,
}: {
  messages: readonly UiText[] | undefined;
  format: FormatText;
}): React.JSX.Element | null {
  if (!messages || messages.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {messages.map((message) =>
        SUCCESS_NOTE_IDS.has(message.id) ? (
          <SuccessNote key={message.id} id={`kratos-${message.id}`} title={format(message)} />
        ) : (
          <Alert
            key={message.id}
            id={flowMessageElementId(message.id)}
            severity={severityOf(message)}
          >
            {format(message)}
          </Alert>
        ),
      )}
    </div>
  );
}
