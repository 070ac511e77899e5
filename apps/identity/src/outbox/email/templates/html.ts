// A tiny HTML builder for email bodies. Every value put into an `html` template is escaped
// unless it already is SafeHtml, so a template cannot forget to escape a model value
// (OWASP XSS prevention, rule 1: encode text before it goes into HTML content or attributes).

/** Markup that is already safe to put into a document as it is. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | readonly HtmlValue[];

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

function toHtml(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join("");
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes `text`, keeps nested `html` as it is. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let result = strings[0] ?? "";
  values.forEach((value, index) => {
    result += toHtml(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(result);
}
