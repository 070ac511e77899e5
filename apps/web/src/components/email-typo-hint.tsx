"use client";

// "Meintest du erika@gmail.com?" (docs/web-app.md, email typo hints): under an email field once
// the customer has left it (or pressed Enter), and on the next step for the address it was sent
// with. Never blocking: a polite status with one button (or link) that takes the address meant;
// the form goes on as it is without it. The suggestion is text against text
// (validation/email-typo.ts), so it says nothing about which addresses have accounts.

import * as React from "react";
import { Button } from "./button";
import { LiveRegion } from "./live-region";
import { useUiTexts } from "./ui-texts";

type Suggest = (typed: string) => string | undefined;

let loadedSuggest: Suggest | undefined;
let loadingSuggest: Promise<Suggest> | undefined;

/**
 * The suggestion function, fetched as a chunk of its own the first time an address is checked:
 * its lists (IANA's top-level domains among them) are more than a page should load before
 * anyone has typed an address. Offline, there is simply no hint.
 */
function loadSuggest(): Promise<Suggest> {
  loadingSuggest ??= import("../validation/email-typo").then(
    (module) => {
      loadedSuggest = module.suggestEmail;
      return module.suggestEmail;
    },
    (error: unknown) => {
      loadingSuggest = undefined;
      throw error;
    },
  );
  return loadingSuggest;
}

async function suggestionFor(email: string): Promise<string | undefined> {
  const suggest = loadedSuggest ?? (await loadSuggest().catch(() => undefined));
  return suggest?.(email);
}

/** Sets a field's value as typing would, so React's onChange (the form's checks) sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function Question({ id, email }: { id: string; email: string }): React.JSX.Element {
  const texts = useUiTexts();
  const [before = "", after = ""] = texts.emailTypoQuestion.split("{email}");
  return (
    <span id={id}>
      {before}
      <strong className="break-all font-semibold text-gray-900">{email}</strong>
      {after}
    </span>
  );
}

/**
 * The hint under an email field (`Input typoHint`): checks the address when the field's value
 * is committed (leaving the field, Enter), then follows each edit; "Übernehmen" puts the
 * address meant into the field and focus back on it.
 *
 * Pressing a button ("Weiter") commits the field while the button is held: shown then, the
 * hint would push the button down under the pointer, the release would land beside it and the
 * press would do nothing. So a hint found while a pointer is down waits for its release. And an
 * address the form sent on gets no hint here: the next step asks (EmailTypoNote), unless the
 * form refused the submit, which marks a field invalid (use-flow-form.ts).
 */
export function EmailTypoHint({ inputId }: { inputId: string }): React.JSX.Element | null {
  const texts = useUiTexts();
  const [suggestion, setSuggestion] = React.useState<string>();

  React.useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const form = input.form;
    let isActive = true;
    let isChecked = false;
    let isPointerDown = false;
    let held: { value: string; found: string | undefined } | undefined;
    let sent: string | undefined;
    const show = (value: string, found: string | undefined): void => {
      if (!isActive || value === sent) return;
      if (isPointerDown) held = { value, found };
      else setSuggestion(found);
    };
    const check = (): void => {
      const { value } = input;
      void suggestionFor(value).then((found) => show(value, found));
    };
    const onChange = (): void => {
      isChecked = true;
      check();
    };
    const onInput = (): void => {
      if (isChecked) check();
    };
    const onPointerDown = (): void => {
      isPointerDown = true;
    };
    // The click, and the submit it may cause, come after the release in the same task.
    const onPointerUp = (): void => {
      isPointerDown = false;
      setTimeout(() => {
        if (held && !isPointerDown) show(held.value, held.found);
        held = undefined;
      });
    };
    const onSubmit = (): void => {
      sent = input.value;
      setTimeout(() => {
        if (!form?.querySelector('[aria-invalid="true"]')) return;
        sent = undefined;
        if (isChecked) check();
      });
    };
    input.addEventListener("change", onChange);
    input.addEventListener("input", onInput);
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("pointerup", onPointerUp, true);
    document.addEventListener("pointercancel", onPointerUp, true);
    form?.addEventListener("submit", onSubmit);
    return () => {
      isActive = false;
      input.removeEventListener("change", onChange);
      input.removeEventListener("input", onInput);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("pointerup", onPointerUp, true);
      document.removeEventListener("pointercancel", onPointerUp, true);
      form?.removeEventListener("submit", onSubmit);
    };
  }, [inputId]);

  if (!suggestion) return null;
  const questionId = `${inputId}-typo`;
  return (
    <LiveRegion as="p" role="status" data-slot="email-typo" className="text-sm text-gray-700">
      <Question id={questionId} email={suggestion} />{" "}
      <Button
        variant="link"
        aria-describedby={questionId}
        onClick={() => {
          const input = document.getElementById(inputId);
          if (!(input instanceof HTMLInputElement)) return;
          typeInto(input, suggestion);
          input.focus();
        }}
      >
        {texts.emailTypoTake}
      </Button>
    </LiveRegion>
  );
}

/**
 * The hint on the step after an address was sent (the password step of login, the code step):
 * "Übernehmen" is a link back to the address's step with the address meant filled in
 * (`takeHref` plus `email=`), so it works without JavaScript. `suggestion` is the server's, for
 * the page as it rendered it; after a step taken in the browser it is worked out here.
 */
export function EmailTypoNote({
  email,
  suggestion: rendered,
  takeHref,
}: {
  email: string;
  /** The server's answer for `email` (null: nothing to suggest); undefined: ask here. */
  suggestion?: string | null;
  takeHref: string;
}): React.JSX.Element | null {
  const texts = useUiTexts();
  const id = React.useId();
  const [worked, setWorked] = React.useState<{ email: string; suggestion?: string }>();
  const isRendered = rendered !== undefined;

  React.useEffect(() => {
    if (isRendered || !email) return;
    let isActive = true;
    suggestionFor(email).then((suggestion) => {
      if (isActive) setWorked({ email, suggestion });
    });
    return () => {
      isActive = false;
    };
  }, [email, isRendered]);

  const suggestion = isRendered
    ? rendered
    : worked?.email === email
      ? worked.suggestion
      : undefined;
  if (!suggestion) return null;
  const separator = takeHref.includes("?") ? "&" : "?";
  const href = `${takeHref}${separator}${new URLSearchParams({ email: suggestion })}`;
  return (
    <LiveRegion as="p" role="status" data-slot="email-typo" className="text-sm text-gray-700">
      <Question id={id} email={suggestion} />{" "}
      <a
        href={href}
        aria-describedby={id}
        className="font-semibold text-petrol-700 underline underline-offset-4 hover:text-petrol-900"
      >
        {texts.emailTypoTake}
      </a>
    </LiveRegion>
  );
}
