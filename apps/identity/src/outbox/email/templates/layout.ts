import { html, type SafeHtml } from "./html.ts";
import type { EmailLocale } from "./template.ts";

// The frame every HTML email shares. Mail clients ignore <style> blocks and modern CSS, so the
// layout is a table with inline styles, the way email HTML has to be written.

const page = "background:#f4f4f0;";
const card =
  "max-width:480px;background:#ffffff;border-radius:8px;" +
  "font-family:Helvetica,Arial,sans-serif;color:#1f2a1f;font-size:16px;line-height:1.5;";
const brand = "margin:0 0 24px;font-size:20px;font-weight:700;color:#3d6b35;";

export const paragraphStyle = "margin:0 0 16px;";
export const noteStyle = "margin:0 0 16px;color:#5c665c;font-size:14px;";

export function emailDocument(input: {
  locale: EmailLocale;
  title: string;
  content: SafeHtml;
}): SafeHtml {
  return html`<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
</head>
<body style="margin:0;padding:0;${page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${page}">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${card}">
<tr><td style="padding:32px;">
<p style="${brand}">Moos</p>
${input.content}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
