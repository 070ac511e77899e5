// Fails a test on anything the browser reports as going wrong on our pages: a console error
// (which also carries Content-Security-Policy violations, failed resource loads such as a
// missing /favicon.ico, and React's own errors), an uncaught exception, a same-origin request
// that failed or that the server answered with a 5xx.
//
// A test that provokes one on purpose says so with `browserErrors.allow(pattern, reason)`; there
// is no global list of things to ignore. Two request failures are the browser's own doing and
// say nothing about our pages, so they are not counted:
// - net::ERR_ABORTED: the browser cancelled the request (the page navigated away, a form was
//   submitted);
// - with JavaScript disabled, Chromium refuses to fetch the scripts a page preloads and reports
//   that as `csp`, also on a page without any policy. Real policy violations show in the
//   `javascript` project, where scripts load and run.
// For the same reason one uncaught error is not counted while its page is being left: React's
// "Connection closed" (production error #412). A form sent before its page had finished
// arriving (it works as plain HTML, so a fast customer may) cuts that page's stream short, and
// the scripts that arrived meanwhile say so as the page goes. Anywhere else it counts.

import type {
  BrowserContext,
  ConsoleMessage,
  Page,
  Request,
  Response,
  WebError,
} from "@playwright/test";

const streamCutShort = /Minified React error #412|Connection closed/;

interface Allowance {
  readonly pattern: RegExp;
  readonly reason: string;
}

export class BrowserErrors {
  private readonly origins: string[];
  private readonly javaScriptEnabled: boolean;
  private readonly problems: string[] = [];
  private readonly allowances: Allowance[] = [];
  /** Pages whose main frame has a navigation under way: the document shown is being left. */
  private readonly leaving = new WeakSet<Page>();

  constructor(options: { origin: string; javaScriptEnabled: boolean }) {
    this.origins = [options.origin];
    this.javaScriptEnabled = options.javaScriptEnabled;
  }

  /** Counts requests to another origin of ours as own too (the console's, beside the web app). */
  addOrigin(origin: string): void {
    this.origins.push(origin);
  }

  /** Accepts reports matching `pattern` in this test; `reason` says why they are expected. */
  allow(pattern: RegExp, reason: string): void {
    this.allowances.push({ pattern, reason });
  }

  /** Watches every page of `context`, now and later. */
  watch(context: BrowserContext): void {
    context.on("console", (message) => this.onConsole(message));
    context.on("weberror", (error) => this.onUncaught(error));
    context.on("request", (request) => this.onRequest(request));
    for (const page of context.pages()) this.watchNavigations(page);
    context.on("page", (page) => this.watchNavigations(page));
    context.on("requestfailed", (request) => this.onRequestFailed(request));
    context.on("response", (response) => this.onResponse(response));
  }

  /** What was reported and not allowed, one line each. */
  unexpected(): readonly string[] {
    return this.problems.filter(
      (problem) => !this.allowances.some(({ pattern }) => pattern.test(problem)),
    );
  }

  private report(problem: string): void {
    this.problems.push(problem);
  }

  private isOwn(url: string): boolean {
    return this.origins.some((origin) => url.startsWith(`${origin}/`) || url === origin);
  }

  private watchNavigations(page: Page): void {
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) this.leaving.delete(page);
    });
  }

  private onRequest(request: Request): void {
    if (!request.isNavigationRequest()) return;
    const frame = request.frame();
    if (frame.parentFrame() === null) this.leaving.add(frame.page());
  }

  private onUncaught(error: WebError): void {
    const { message } = error.error();
    const page = error.page();
    if (streamCutShort.test(message) && page && this.leaving.has(page)) return;
    this.report(`uncaught: ${message}`);
  }

  private onConsole(message: ConsoleMessage): void {
    if (message.type() !== "error") return;
    const { url } = message.location();
    this.report(`console error${url ? ` (${url})` : ""}: ${message.text()}`);
  }

  private onRequestFailed(request: Request): void {
    if (!this.isOwn(request.url())) return;
    const failure = request.failure()?.errorText ?? "failed";
    if (failure === "net::ERR_ABORTED") return;
    const scriptRefused = request.resourceType() === "script" && failure === "csp";
    if (scriptRefused && !this.javaScriptEnabled) return;
    this.report(`request failed: ${request.method()} ${request.url()}: ${failure}`);
  }

  private onResponse(response: Response): void {
    if (!this.isOwn(response.url()) || response.status() < 500) return;
    this.report(
      `server error: ${response.request().method()} ${response.url()}: ${response.status()}`,
    );
  }
}
