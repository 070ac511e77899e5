import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INITIAL_RETRY_DELAY_MS, loadMessages, READ_RETRIES } from "./load-messages";

let directory: string;

async function write(locale: string, file: string, content: object | string): Promise<void> {
  await mkdir(path.join(directory, locale), { recursive: true });
  const text = typeof content === "string" ? content : JSON.stringify(content);
  await writeFile(path.join(directory, locale, file), text);
}

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "moos-messages-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("loadMessages", () => {
  it("makes every json file a namespace and fills English gaps with German", async () => {
    await write("de", "common.json", { close: "Schließen", reload: "Neu laden" });
    await write("de", "login.json", { title: "Anmelden", nested: { a: "A", b: "B" } });
    await write("de", "notes.txt", "not a namespace");
    await write("en", "common.json", { close: "Close" });
    await write("en", "login.json", { nested: { a: "A (en)" } });

    expect(await loadMessages("de", { directory })).toEqual({
      common: { close: "Schließen", reload: "Neu laden" },
      login: { title: "Anmelden", nested: { a: "A", b: "B" } },
    });
    expect(await loadMessages("en", { directory })).toEqual({
      common: { close: "Close", reload: "Neu laden" },
      login: { title: "Anmelden", nested: { a: "A (en)", b: "B" } },
    });
  });

  it("names the file that is not valid JSON", async () => {
    await write("de", "broken.json", "{ nope");
    await expect(loadMessages("de", { directory })).rejects.toThrow("broken.json");
  });

  it(`retries a failed read ${READ_RETRIES} times, waiting twice as long each time`, async () => {
    const delays: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      delays.push(ms);
    };
    await expect(
      loadMessages("de", { directory: path.join(directory, "missing"), sleep }),
    ).rejects.toThrow(/ENOENT/);
    expect(delays).toEqual([1, 2, 4, 8, 16].map((factor) => factor * INITIAL_RETRY_DELAY_MS));
  });

  it("loads the app's real message files", async () => {
    const messages = await loadMessages("en", {
      directory: path.join(import.meta.dirname, "../../messages"),
    });
    expect(messages).toMatchObject({
      common: { close: "Close" },
      kratos: { "4000006": expect.any(String) },
      validation: { passwordsDoNotMatch: expect.any(String) },
    });
  });
});
