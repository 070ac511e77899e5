import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type AppLocale, defaultLocale } from "./routing";

// Translation loading limits (SPEC.md §9): at most 10 files read at once, and a failed read is
// retried 5 times, 350 ms after the first failure and twice as long after each further one.
export const MAX_PARALLEL_READS = 10;
export const READ_RETRIES = 5;
export const INITIAL_RETRY_DELAY_MS = 350;

export type Messages = { [key: string]: string | Messages };

export type LoadMessagesOptions = {
  /** The folder holding `<locale>/<namespace>.json`; `<cwd>/messages` when not given. */
  directory?: string;
  /** Waits between retries; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Every `messages/<locale>/*.json` becomes a namespace named after its file (`login.json` ->
 * `login`), laid over the German messages so a key missing in English shows in German.
 */
export async function loadMessages(
  locale: AppLocale,
  options: LoadMessagesOptions = {},
): Promise<Messages> {
  const fallback = await loadLocale(defaultLocale, options);
  if (locale === defaultLocale) return fallback;
  return mergeMessages(fallback, await loadLocale(locale, options));
}

async function loadLocale(locale: AppLocale, options: LoadMessagesOptions): Promise<Messages> {
  const directory = path.join(
    /*turbopackIgnore: true*/ options.directory ?? defaultDirectory(),
    locale,
  );
  const sleep = options.sleep ?? wait;
  // turbopackIgnore: the build would otherwise trace the whole project into the standalone
  // output; next.config.ts includes the messages folder, which is all these reads need.
  const files = (await withRetry(() => readdir(/*turbopackIgnore: true*/ directory), sleep))
    .filter((file) => file.endsWith(".json"))
    .sort();
  const contents = await mapWithLimit(files, MAX_PARALLEL_READS, (file) =>
    withRetry(() => readFile(path.join(/*turbopackIgnore: true*/ directory, file), "utf8"), sleep),
  );
  const messages: Messages = {};
  files.forEach((file, index) => {
    messages[path.basename(file, ".json")] = parseNamespace(file, contents[index] ?? "");
  });
  return messages;
}

// `next dev` and `next start` run in the app's folder (apps/web), the standalone server in its
// copy of it, where the build's file tracing put the messages folder (next.config.ts).
function defaultDirectory(): string {
  return path.join(process.cwd(), "messages");
}

function parseNamespace(file: string, text: string): Messages {
  try {
    return JSON.parse(text) as Messages;
  } catch (error) {
    // A broken file is a bug to fix, not a hiccup to retry: fail with the file's name.
    throw new Error(`messages file ${file} is not valid JSON`, { cause: error });
  }
}

export function mergeMessages(base: Messages, override: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const baseValue = merged[key];
    merged[key] =
      typeof value === "object" && typeof baseValue === "object"
        ? mergeMessages(baseValue, value)
        : value;
  }
  return merged;
}

async function withRetry<T>(
  read: () => Promise<T>,
  sleep: (ms: number) => Promise<void>,
): Promise<T> {
  let delay = INITIAL_RETRY_DELAY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= READ_RETRIES) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}

async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await map(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
