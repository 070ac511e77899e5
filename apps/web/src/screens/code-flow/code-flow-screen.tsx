// The screen body shared by verification and recovery: ask for the address, then for the code
// (with "send the code again"), then show the result. Which part shows follows the flow's
// state (docs/protocol.md#flow-objects): choose_method -> sent_email -> passed_challenge.

import { MessageId } from "@moos/contract";
import type {
  RecoveryFlow,
  UiNode,
  UiNodeAnchorAttributes,
  VerificationFlow,
} from "@ory/client-fetch";
import type * as React from "react";
import { EmailTypoNote } from "../../components/email-typo-hint";
import type { RuleName } from "../../flow-engine/form/field-rules";
import type { HiddenField } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import type { FormAction } from "../../flow-engine/form/use-flow-form";
import {
  type FormatText,
  findInput,
  hiddenFields,
  inputAttributes,
  nodeField,
  nodeValue,
} from "../../flow-engine/nodes";
import type { Locale } from "../../lib/locale";
import { suggestEmail } from "../../validation/email-typo";
import { FlowMessages, LinkButton } from "../ui/screen";

export interface CodeFlowTexts {
  readonly emailLabel: string;
  readonly sendCode: string;
  readonly codeLabel: string;
  readonly submitCode: string;
  readonly resendQuestion: string;
  readonly resendCode: string;
  readonly continue: string;
  readonly formLabel: string;
}

const VERIFIED = MessageId.emailVerified;

/** The address the code went to (the resend button's value). */
export function codeAddress(nodes: readonly UiNode[]): string | undefined {
  const node = nodes.find((candidate) => {
    const attributes = inputAttributes(candidate);
    return attributes?.name === "email" && attributes.type === "submit";
  });
  return nodeValue(node);
}

function continueHref(nodes: readonly UiNode[]): string | undefined {
  for (const node of nodes) {
    const attributes = node.attributes as Partial<UiNodeAnchorAttributes>;
    if (attributes.node_type === "a" && typeof attributes.href === "string") return attributes.href;
  }
  return undefined;
}

export function CodeFlowBody({
  locale,
  flow,
  action,
  format,
  texts,
  codeRule,
  errorTexts,
  fallbackContinueHref,
  prefillEmail,
  typoTakeHref,
}: {
  locale: Locale;
  flow: VerificationFlow | RecoveryFlow;
  action: FormAction;
  format: FormatText;
  texts: CodeFlowTexts;
  codeRule: RuleName;
  errorTexts: Readonly<Record<string, string>>;
  fallbackContinueHref: string;
  /** The address to start with when the flow has none yet (recovery-email.ts). */
  prefillEmail?: string | undefined;
  /**
   * Where the code step's typo hint leads ("Meintest du ...?"): the screen's start, which takes
   * `email=` (recovery-email.ts). Without it, no hint on the code step.
   */
  typoTakeHref?: string;
}): React.JSX.Element {
  const nodes = flow.ui.nodes;
  const base: HiddenField[] = [
    ...hiddenFields(nodes),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const messages = <FlowMessages messages={flow.ui.messages} format={format} />;

  if (flow.state === "passed_challenge") {
    // The screen's title and intro already say it is done: 1080002 ("verified") as a toast on
    // top would only repeat them.
    const rest = flow.ui.messages?.filter((message) => message.id !== VERIFIED);
    return (
      <>
        <FlowMessages messages={rest} format={format} />
        <LinkButton href={continueHref(nodes) ?? fallbackContinueHref}>{texts.continue}</LinkButton>
      </>
    );
  }

  const codeNode = findInput(nodes, "code");
  if (codeNode) {
    const address = codeAddress(nodes);
    return (
      <>
        {messages}
        {address && typoTakeHref ? (
          <EmailTypoNote
            email={address}
            suggestion={suggestEmail(address) ?? null}
            takeHref={typoTakeHref}
          />
        ) : null}
        <FlowForm
          action={action}
          label={texts.formLabel}
          hidden={[...base, { name: "intent", value: "code" }]}
          fields={[
            nodeField(codeNode, format, {
              label: texts.codeLabel,
              type: "text",
              inputMode: "numeric",
              autoComplete: "one-time-code",
              rule: codeRule,
              required: true,
              defaultValue: nodeValue(codeNode) ?? "",
            }),
          ]}
          submit={{ label: texts.submitCode, name: "method", value: "code" }}
          errorTexts={errorTexts}
        />
        {address ? (
          <FlowForm
            action={action}
            label={texts.resendCode}
            hidden={[
              ...base,
              { name: "intent", value: "resend" },
              { name: "email", value: address },
              { name: "method", value: "code" },
            ]}
            fields={[]}
            submit={{ label: texts.resendCode, variant: "secondary" }}
            errorTexts={errorTexts}
          >
            <p className="text-gray-700">{texts.resendQuestion}</p>
          </FlowForm>
        ) : null}
      </>
    );
  }

  const emailNode = findInput(nodes, "email");
  return (
    <>
      {messages}
      <FlowForm
        action={action}
        label={texts.formLabel}
        hidden={[...base, { name: "intent", value: "send" }]}
        fields={[
          {
            ...(emailNode ? nodeField(emailNode, format) : undefined),
            ...(prefillEmail && !nodeValue(emailNode) ? { defaultValue: prefillEmail } : {}),
            name: "email",
            label: texts.emailLabel,
            type: "email",
            inputMode: "email",
            autoComplete: "email",
            rule: "email",
            required: true,
            typoHint: true,
          },
        ]}
        submit={{ label: texts.sendCode, name: "method", value: "code" }}
        errorTexts={errorTexts}
      />
    </>
  );
}
