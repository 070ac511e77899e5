import jsonPatch, { type Operation } from "fast-json-patch";

// JSON Patch (RFC 6902) by fast-json-patch. Whatever it refuses is the client's mistake, so it
// becomes a JsonPatchError (a 400) carrying only the library's first line: the lines after it
// print the whole document.

export class JsonPatchError extends Error {
  override readonly name = "JsonPatchError";
}

export type JsonPatchOperation = Operation;

/** The operations of a patch document, each checked for its shape (op, path, from, value). */
export function parseJsonPatch(body: unknown): JsonPatchOperation[] {
  return asClientMistake(() => {
    const error = jsonPatch.validate(body as Operation[]);
    if (error) throw error;
    return body as Operation[];
  });
}

/** A patched copy; when any operation fails nothing is changed (the patch is atomic, §5). */
export function applyJsonPatch<T>(document: T, patch: JsonPatchOperation[]): T {
  return asClientMistake(
    () => jsonPatch.applyPatch(structuredClone(document), patch, true, true, true).newDocument,
  );
}

/** The first token of a JSON Pointer ("/traits/name" -> "traits"), and the rest. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(jsonPatch.unescapePathComponent);
}

function asClientMistake<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof jsonPatch.JsonPatchError)
      throw new JsonPatchError(error.message.split("\n")[0], { cause: error });
    // The library refuses keys that reach Object.prototype with a TypeError of its own.
    if (error instanceof TypeError && error.message.startsWith("JSON-Patch:"))
      throw new JsonPatchError("keys that reach the prototype cannot be patched", { cause: error });
    throw error;
  }
}
