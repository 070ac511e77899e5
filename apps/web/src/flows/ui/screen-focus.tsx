"use client";

// Where focus goes after a step (WCAG 2.4.3, 3.3.1): a screen reached by submitting a form or
// following a link of ours starts at its first error (a field marked invalid, else an alert),
// else at its first field, else at its heading; never at <body>, where a keyboard or screen
// reader user would have to search the page again. A screen opened directly (typed address,
// bookmark, a link from the shop) keeps the browser's start, the skip link first.

import * as React from "react";

/** Set when the customer takes a step; read (and removed) by the screen that follows. */
const STEP_KEY = "moos.step";

function markStep(): void {
  try {
    sessionStorage.setItem(STEP_KEY, "1");
  } catch {
    // Storage blocked: the next screen simply keeps the browser's focus.
  }
}

function takeStep(): boolean {
  try {
    const isStep = sessionStorage.getItem(STEP_KEY) !== null;
    sessionStorage.removeItem(STEP_KEY);
    return isStep;
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

/** Where a screen starts after a step: its first error, field or heading. */
export function stepStart(main: HTMLElement): HTMLElement | undefined {
  return (
    firstError(main) ??
    firstShown(main, `form ${FIELDS.split(", ").join(", form ")}`) ??
    main.querySelector<HTMLElement>("h1") ??
    undefined
  );
}

export function ScreenFocus(): null {
  React.useEffect(() => {
    // Bubbling on window: after React's own handlers, so a form the browser-side check
    // stopped (its focus is already on the field) is not a step.
    const onSubmit = (event: Event): void => {
      if (!event.defaultPrevented) markStep();
    };
    const onClick = (event: MouseEvent): void => {
      if (isOwnLink(event.target)) markStep();
    };
    window.addEventListener("submit", onSubmit);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("submit", onSubmit);
      window.removeEventListener("click", onClick, true);
    };
  }, []);

  // After every render of the screen (a server answer re-renders it even at the same URL).
  React.useEffect(() => {
    if (!takeStep()) return;
    const main = document.querySelector("main");
    if (!main) return;
    const error = firstError(main);
    const active = document.activeElement;
    // Focus that survived the answer (the button just used, in a screen that stayed) stays,
    // unless there is an error to read.
    const hasFocus = active !== null && active !== document.body && active.isConnected;
    const target = error ?? (hasFocus ? undefined : stepStart(main));
    if (target) focusElement(target);
  });
  return null;
}
