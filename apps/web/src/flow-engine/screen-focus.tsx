"use client";

// Where focus goes after a step (WCAG 2.4.3, 3.3.1): a screen reached by submitting a form or
// following a link of ours starts at its first error (a field marked invalid, else an alert),
// else at what the screen marks as its start (`data-step-start`: a question the step left
// open), else at its first field, else at its heading; never at <body>, where a keyboard or
// screen reader user would have to search the page again. A form that answers on the same
// screen (settings saved in place) keeps focus on the control it was sent from. A screen opened
// directly (typed address, bookmark, a link from the shop) keeps the browser's start, the skip
// link first.

import * as React from "react";

/** Set when the customer takes a step; read (and removed) by the screen that follows. */
const STEP_KEY = "moos.step";
/** The control a form was sent from (FocusMark), for an answer on the same screen. */
const FOCUS_KEY = "moos.step.focus";
/**
 * A step's answer comes within this time (a redirect through the identity service included);
 * a mark older than that belongs to a step long done, not to a page opened afterwards.
 */
const STEP_LIFETIME_MS = 60_000;

export function markStep(): void {
  try {
    sessionStorage.setItem(STEP_KEY, String(Date.now()));
    // A form's submit remembers its control after this; a link has none.
    sessionStorage.removeItem(FOCUS_KEY);
  } catch {
    // Storage blocked: the next screen simply keeps the browser's focus.
  }
}

/** A submission the browser-side check stopped is no step (focus is already on its field). */
export function forgetStep(): void {
  try {
    sessionStorage.removeItem(STEP_KEY);
    sessionStorage.removeItem(FOCUS_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

function isStepPending(): boolean {
  try {
    const markedAt = Number(sessionStorage.getItem(STEP_KEY));
    return markedAt > 0 && Date.now() - markedAt < STEP_LIFETIME_MS;
  } catch {
    return false;
  }
}

function isOwnLink(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const link = target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return false;
  const url = new URL(link.href, window.location.href);
  const isSamePage =
    url.pathname === window.location.pathname && url.search === window.location.search;
  return url.origin === window.location.origin && !(isSamePage && url.hash !== "");
}

const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled])';

function isShown(element: Element): boolean {
  return element instanceof HTMLElement && element.getClientRects().length > 0;
}

function firstShown(root: ParentNode, selector: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find(isShown);
}

/** The first error of the screen: a field marked invalid, else an error alert. */
export function firstError(root: ParentNode): HTMLElement | undefined {
  const field = firstShown(root, '[aria-invalid="true"]');
  if (field) return field;
  // Alerts of the screen (data-severity), not the empty regions waiting for field errors; an
  // alert mounted just now gets its text one frame later (LiveRegion) but is already shown.
  return firstShown(root, '[role="alert"][data-severity]');
}

/** Focuses `element`, making it focusable first when it is not (an alert, a heading). */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.tabIndex = -1;
  element.focus();
}

/**
 * Where focus was when a form was sent: the screen's path, the form's name (aria-label), the
 * card it sits in (a section's aria-labelledby) and the control's name and value (submit
 * buttons share a name and differ by value).
 */
interface FocusMark {
  readonly path: string;
  readonly form: string | null;
  readonly card: string | null;
  readonly name: string | null;
  readonly value: string | null;
}

function rememberFocus(form: HTMLFormElement): void {
  const active = document.activeElement;
  const inForm = active instanceof HTMLElement && form.contains(active) ? active : null;
  const mark: FocusMark = {
    path: window.location.pathname,
    form: form.getAttribute("aria-label"),
    card: form.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby") ?? null,
    name: inForm?.getAttribute("name") ?? null,
    value: inForm instanceof HTMLButtonElement ? inForm.value : null,
  };
  try {
    sessionStorage.setItem(FOCUS_KEY, JSON.stringify(mark));
  } catch {
    // Storage blocked: the answer starts where a new screen would.
  }
}

function focusMark(): FocusMark | undefined {
  try {
    const stored = sessionStorage.getItem(FOCUS_KEY);
    return stored ? (JSON.parse(stored) as FocusMark) : undefined;
  } catch {
    return undefined;
  }
}

const CONTROLS = `${FIELDS}, button:not([disabled])`;

/**
 * The control a form on this same screen was sent from, found again after the answer rendered
 * the screen anew: the same name and value in the same form or card, else the first control
 * of that form or card (a button that became another: "abonnieren" -> "abbestellen").
 */
function sentFrom(main: HTMLElement, mark: FocusMark | undefined): HTMLElement | undefined {
  if (!mark || mark.path !== window.location.pathname) return undefined;
  const scopes: HTMLElement[] = [
    ...[...main.querySelectorAll("form")].filter(
      (form) => mark.form !== null && form.getAttribute("aria-label") === mark.form,
    ),
    ...[...main.querySelectorAll<HTMLElement>("section[aria-labelledby]")].filter(
      (card) => mark.card !== null && card.getAttribute("aria-labelledby") === mark.card,
    ),
  ];
  if (mark.name !== null) {
    const same = [...(scopes.length > 0 ? scopes : [main])]
      .flatMap((scope) => [...scope.querySelectorAll<HTMLElement>("[name]")])
      .find(
        (element) =>
          isShown(element) &&
          element.getAttribute("name") === mark.name &&
          (mark.value === null || (element as HTMLButtonElement).value === mark.value),
      );
    if (same) return same;
  }
  return scopes.map((scope) => firstShown(scope, CONTROLS)).find((control) => control);
}

/** Where a screen starts after a step: its first error, marked start, field or heading. */
export function stepStart(main: HTMLElement): HTMLElement | undefined {
  return (
    firstError(main) ??
    firstShown(main, "[data-step-start]") ??
    firstShown(main, `form ${FIELDS.split(", ").join(", form ")}`) ??
    main.querySelector<HTMLElement>("h1") ??
    undefined
  );
}

/** After a step: the first error, else the control it was sent from, else the screen's start. */
function resumeAt(main: HTMLElement): HTMLElement | undefined {
  return firstError(main) ?? sentFrom(main, focusMark()) ?? stepStart(main);
}

export function ScreenFocus(): null {
  React.useEffect(() => {
    // Captured before React's handlers: React stops the browser's own submission of a form
    // with a server action (defaultPrevented says nothing); a form whose browser-side check
    // stops it calls forgetStep() (use-flow-form.ts).
    const onSubmit = (event: SubmitEvent): void => {
      markStep();
      if (event.target instanceof HTMLFormElement) rememberFocus(event.target);
    };
    const onClick = (event: MouseEvent): void => {
      if (isOwnLink(event.target)) markStep();
    };
    // A step inside one screen (the email step of login shows the password field in place of
    // the email field) can remove the element that has focus; the browser then drops focus to
    // <body>. Focus goes on to where the screen now starts instead.
    let lastFocused: Element | null = null;
    const main = document.querySelector("main");
    const onFocusIn = (event: FocusEvent): void => {
      const target = event.target instanceof Element ? event.target : null;
      lastFocused = target && main?.contains(target) ? target : null;
    };
    const observer = new MutationObserver(() => {
      if (!main || !lastFocused || lastFocused.isConnected) return;
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      lastFocused = null;
      const start = isStepPending() ? resumeAt(main) : stepStart(main);
      if (start) focusElement(start);
    });
    if (main) observer.observe(main, { childList: true, subtree: true });
    window.addEventListener("submit", onSubmit, true);
    window.addEventListener("click", onClick, true);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      observer.disconnect();
      window.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("click", onClick, true);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, []);

  // After every render of the screen (a server answer re-renders it even at the same URL).
  React.useEffect(() => {
    if (!isStepPending()) return;
    const main = document.querySelector("main");
    if (!main) return;
    const error = firstError(main);
    const active = document.activeElement;
    // Focus that survived the answer (the button just used, in a screen that stayed) stays,
    // unless there is an error to read; the step stays pending for the screen that follows.
    const hasFocus = active !== null && active !== document.body && active.isConnected;
    const target = error ?? (hasFocus ? undefined : resumeAt(main));
    if (!target) return;
    forgetStep();
    focusElement(target);
  });
  return null;
}
