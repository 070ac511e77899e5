// `npm run docs:config`: writes the generated parts of docs/configuration.md from the services'
// config schemas (every key, its environment variable, type, default and the schema's own
// description) and from the web app's and the console's settings tables. `--check` (run by `npm run lint`) writes
// nothing and fails when the committed file differs from what would be written, or when a key
// has no description. Run with `node --conditions=development`.
//
// docs/configuration.md keeps its prose; only the text between a pair of markers
// `<!-- generated:NAME -->` ... `<!-- /generated:NAME -->` is replaced, NAME being a source below.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { consoleSettings } from "../apps/console/src/lib/settings.ts";
import { durationPattern as identityDuration } from "../apps/identity/src/config/duration.ts";
import { configSchema as identitySchema } from "../apps/identity/src/config/schema.ts";
import { durationPattern as oauth2Duration } from "../apps/oauth2/src/config/duration.ts";
import { configSchema as oauth2Schema } from "../apps/oauth2/src/config/schema.ts";
import { webSettings } from "../apps/web/src/lib/settings.ts";
import { replaceGenerated } from "./config-reference/markers.ts";
import { renderReference, renderSettings } from "./config-reference/render.ts";
import { readSchema, type SchemaNode } from "./config-reference/schema-rows.ts";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "docs", "configuration.md");

interface Source {
  /** Where a missing description must be added. */
  file: string;
  render: () => { text: string; undescribed: string[] };
}

function fromSchema(file: string, schema: object, durationPattern: string): Source {
  return {
    file,
    render: () => {
      const reference = readSchema(schema as SchemaNode, { durationPattern });
      return { text: renderReference(reference), undescribed: reference.undescribed };
    },
  };
}

interface Setting {
  readonly default: string | undefined;
  readonly defaultText?: string;
  readonly readBy?: string;
  readonly description: string;
}

/** A Next.js app's table of environment settings (apps/web, apps/console). */
function fromSettings(file: string, settings: Readonly<Record<string, Setting>>): Source {
  return {
    file,
    render: () => ({
      text: renderSettings(
        Object.entries(settings).map(([name, setting]) => ({
          name,
          default:
            setting.defaultText ??
            (setting.default === undefined ? "(unset)" : `\`${setting.default}\``),
          readBy: setting.readBy ?? "src/lib/config.ts",
          description: setting.description,
        })),
      ),
      undescribed: Object.entries(settings)
        .filter(([, setting]) => !setting.description)
        .map(([name]) => name),
    }),
  };
}

const sources: Record<string, Source> = {
  identity: fromSchema("apps/identity/src/config/schema.ts", identitySchema, identityDuration),
  oauth2: fromSchema("apps/oauth2/src/config/schema.ts", oauth2Schema, oauth2Duration),
  web: fromSettings("apps/web/src/lib/settings.ts", webSettings),
  console: fromSettings("apps/console/src/lib/settings.ts", consoleSettings),
};

function main(): number {
  const check = process.argv.includes("--check");
  const rendered: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, source] of Object.entries(sources)) {
    const { text, undescribed } = source.render();
    rendered[name] = text;
    for (const key of undescribed) problems.push(`${source.file}: \`${key}\` has no description`);
  }
  const current = readFileSync(target, "utf8");
  const { text: next, missing } = replaceGenerated(current, rendered);
  for (const name of missing) problems.push(`docs/configuration.md: no markers for "${name}"`);
  if (problems.length > 0) {
    console.error(`config reference:\n  ${problems.join("\n  ")}`);
    return 1;
  }
  if (check) {
    if (next === current) return 0;
    console.error(
      "config reference: docs/configuration.md differs from the config schemas; run `npm run docs:config` and commit the result",
    );
    return 1;
  }
  if (next !== current) writeFileSync(target, next);
  console.log(
    `config reference: docs/configuration.md ${next === current ? "unchanged" : "written"}`,
  );
  return 0;
}

process.exitCode = main();
