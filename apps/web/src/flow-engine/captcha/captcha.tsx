"use client";

// The bot defence's proof of work on a screen (docs/web-app.md#bot-defence). CaptchaProvider
// starts solving the flow's challenge as the screen appears, so it is done while the customer
// types; each form of the screen carries a CaptchaField, which puts the solution in its hidden
// input and holds a submit back only while the solution is not ready yet. Without JavaScript
// the field goes empty and the identity service waits a few seconds instead; the note says so.

import * as React from "react";
import { CAPTCHA_RESPONSE_FIELD } from "./captcha-nodes";

export interface CaptchaTexts {
  /** Shown while a submit waits for the solution. */
  readonly waiting: string;
  /** Shown without JavaScript: sending takes a few seconds longer. */
  readonly noScript: string;
}

type Listener = () => void;

/** One challenge being solved: the payload once found, `settled` once there is nothing to wait for. */
class Solving {
  payload = "";
  settled = false;
  private readonly listeners = new Set<Listener>();
  private readonly controller = new AbortController();
  readonly done: Promise<void>;

  constructor(challenge: string) {
    this.done = import("./solve-challenge")
      .then(({ solveAltcha }) => solveAltcha(challenge, this.controller.signal))
      .catch(() => undefined)
      .then((payload) => {
        // Unsolved, the field stays empty: the service then waits instead, as without JavaScript.
        this.payload = payload ?? "";
        this.settled = true;
        for (const listener of this.listeners) listener();
      });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.controller.abort();
  }
}

interface CaptchaContextValue {
  readonly solving: Solving;
  readonly texts: CaptchaTexts;
}

const CaptchaContext = React.createContext<CaptchaContextValue | null>(null);

export function CaptchaProvider({
  challenge,
  texts,
  children,
}: {
  challenge: string;
  texts: CaptchaTexts;
  children: React.ReactNode;
}): React.JSX.Element {
  const [solving, setSolving] = React.useState<Solving | null>(null);
  React.useEffect(() => {
    const started = new Solving(challenge);
    setSolving(started);
    return () => started.stop();
  }, [challenge]);
  const value = React.useMemo(() => (solving ? { solving, texts } : null), [solving, texts]);
  return (
    <CaptchaContext.Provider value={value}>
      <noscript>
        {/* A note, not a live region: it is there from the start, nothing changes. */}
        <p role="note" className="text-sm text-gray-700">
          {texts.noScript}
        </p>
      </noscript>
      {children}
    </CaptchaContext.Provider>
  );
}

/**
 * The solution's hidden input, in a form of a screen with a challenge (none elsewhere), and
 * the note while a submit waits for it. Put it after the form's buttons. The input shows the
 * solution as state, so an input React draws anew (or a form it resets) still carries it.
 */
export function CaptchaField(): React.JSX.Element | null {
  const captcha = React.useContext(CaptchaContext);
  const solving = captcha?.solving;
  const input = React.useRef<HTMLInputElement | null>(null);
  const [form, setForm] = React.useState<HTMLFormElement | null>(null);
  const [waiting, setWaiting] = React.useState(false);
  const subscribe = React.useCallback(
    (listener: Listener): (() => void) => {
      if (!solving) return () => undefined;
      const unsubscribe = solving.subscribe(listener);
      return () => {
        unsubscribe();
      };
    },
    [solving],
  );
  const payload = React.useSyncExternalStore(
    subscribe,
    () => solving?.payload ?? "",
    () => "",
  );
  const attach = React.useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    setForm(element?.form ?? null);
  }, []);

  React.useEffect(() => {
    if (!solving || !form) return;
    // Runs before React's own submit handling (at the root): a submit before the solution is
    // held back, then sent again, with the same button, once it is there.
    const holdBack = (event: SubmitEvent): void => {
      if (solving.settled) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setWaiting(true);
      const submitter = event.submitter;
      void solving.done.then(() => {
        setWaiting(false);
        if (input.current) input.current.value = solving.payload;
        form.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
      });
    };
    form.addEventListener("submit", holdBack, { capture: true });
    return () => form.removeEventListener("submit", holdBack, { capture: true });
  }, [solving, form]);

  if (!captcha) return null;
  return (
    <>
      <input ref={attach} type="hidden" name={CAPTCHA_RESPONSE_FIELD} value={payload} />
      <p role="status" className="text-sm text-gray-700 empty:hidden">
        {waiting ? captcha.texts.waiting : ""}
      </p>
    </>
  );
}
