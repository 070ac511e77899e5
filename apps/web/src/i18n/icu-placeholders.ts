/**
 * The argument names an ICU message uses: "Hallo {name}" -> {"name"}, including those of
 * plural and select arguments and of arguments nested in their branches. Quoted text ('{x}')
 * is skipped, as the ICU apostrophe rules say. Used to check that a translation can be filled
 * from the context Kratos sent before handing it to next-intl.
 */
export function icuPlaceholders(message: string): Set<string> {
  const names = new Set<string>();
  collect(message, 0, names, false);
  return names;
}

// Reads message text from `start` until an unmatched "}" (the end of a branch) or the end of
// the string, adding every argument name it meets; returns the index it stopped at.
function collect(message: string, start: number, names: Set<string>, isBranch: boolean): number {
  let index = start;
  while (index < message.length) {
    const char = message[index];
    if (char === "'" && "{}#|'".includes(message[index + 1] ?? "")) {
      index = skipQuoted(message, index);
    } else if (char === "{") {
      index = readArgument(message, index + 1, names);
    } else if (char === "}" && isBranch) {
      return index;
    } else {
      index += 1;
    }
  }
  return index;
}

function skipQuoted(message: string, start: number): number {
  if (message[start + 1] === "'") return start + 2;
  const end = message.indexOf("'", start + 1);
  return end === -1 ? message.length : end + 1;
}

// `start` is just after "{": reads "name", "name, type" or "name, type, style-or-branches"
// and returns the index after the closing "}".
function readArgument(message: string, start: number, names: Set<string>): number {
  const head = /^\s*([^\s,{}]+)\s*(?:,\s*([a-z]+)\s*)?/u.exec(message.slice(start));
  if (!head) return start;
  names.add(head[1] as string);
  let index = start + head[0].length;
  const type = head[2];
  if (message[index] === "}") return index + 1;
  if (message[index] === ",") index += 1;
  if (type === "plural" || type === "selectordinal" || type === "select") {
    // Branches: selector {message} selector {message} ... "}"
    while (index < message.length && message[index] !== "}") {
      if (message[index] === "{") {
        index = collect(message, index + 1, names, true) + 1;
      } else {
        index += 1;
      }
    }
    return index + 1;
  }
  // A style ("number, ::currency/EUR", "date, short"): skip to the closing brace.
  const end = message.indexOf("}", index);
  return end === -1 ? message.length : end + 1;
}
