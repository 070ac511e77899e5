import type { CustomerSearchAnswer } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Button } from "../../components/button";
import { Input } from "../../components/field";
import { type Locale, localizePath } from "../../i18n/locales";
import { ConsoleApiError, consoleApi } from "../../lib/console-api";
import type { SignedInStaff } from "../../lib/staff.server";
import { datesFor } from "../ui/format";
import { HiddenFields } from "../ui/hidden-fields";
import { Outcome } from "../ui/outcome";
import { Badge, DataTable, ScreenHeading } from "../ui/screen";
import { MAX_SEARCH_LENGTH, unsealSearch } from "./sealed-search";
import { searchAction } from "./search-action";

type SearchState =
  | { kind: "none" }
  | { kind: "expired" }
  | { kind: "invalid"; query: string }
  | { kind: "answered"; query: string; answer: CustomerSearchAnswer };

async function runSearch(signedIn: SignedInStaff, token: string | undefined): Promise<SearchState> {
  if (!token) return { kind: "none" };
  const query = await unsealSearch(token, signedIn.session.sid);
  if (query === undefined) return { kind: "expired" };
  try {
    return { kind: "answered", query, answer: await consoleApi.search(signedIn.actor, query) };
  } catch (error) {
    if (error instanceof ConsoleApiError && error.id === "console_search_invalid") {
      return { kind: "invalid", query };
    }
    throw error;
  }
}

/** Search by exact email, customer id or the start of a name; results masked until opened. */
export async function SearchScreen({
  locale,
  query,
  signedIn,
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
  signedIn: SignedInStaff;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "search" });
  const errors = await getTranslations({ locale, namespace: "errors" });
  const state = await runSearch(signedIn, query.s);
  const typed = state.kind === "answered" || state.kind === "invalid" ? state.query : "";
  return (
    <>
      <ScreenHeading title={t("title")} intro={t("intro")} />
      <Outcome
        locale={locale}
        query={query}
        extra={{
          alert: state.kind === "invalid" ? errors("console_search_invalid") : undefined,
          status: state.kind === "expired" ? t("expired") : undefined,
        }}
      />
      <search>
        <form
          action={searchAction}
          className="flex max-w-2xl flex-col gap-4 mobile:flex-row mobile:items-end"
        >
          <HiddenFields values={{ csrf: signedIn.csrf, lang: locale }} />
          <Input
            name="q"
            type="search"
            label={t("label")}
            hint={t("hint")}
            defaultValue={typed}
            required
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            spellCheck={false}
            className="flex-1"
            aria-invalid={state.kind === "invalid" || undefined}
          />
          <Button type="submit">{t("submit")}</Button>
        </form>
      </search>
      {state.kind === "answered" ? <Results locale={locale} answer={state.answer} /> : null}
    </>
  );
}

async function Results({
  locale,
  answer,
}: {
  locale: Locale;
  answer: CustomerSearchAnswer;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "search" });
  const dates = await datesFor(locale);
  const heading = t("results", {
    count: answer.results.length,
    kind: t(`kinds.${answer.query_kind}`),
  });
  return (
    <section aria-labelledby="results-title" className="flex flex-col gap-3">
      <h2 id="results-title" className="text-h3">
        {heading}
      </h2>
      {answer.results.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t("masked")}</p>
          <div className="rounded-control border border-gray-200 bg-surface p-2 mobile:p-4">
            <DataTable
              caption={heading}
              columns={[
                t("columns.name"),
                t("columns.email"),
                t("columns.state"),
                t("columns.created"),
              ]}
              rows={answer.results.map((result) => ({
                key: result.id,
                cells: [
                  <a
                    key="name"
                    href={localizePath(locale, `/customers/${result.id}`)}
                    className="font-semibold text-petrol-700 underline underline-offset-4 hover:text-petrol-900"
                  >
                    {result.name_masked || result.email_masked}
                  </a>,
                  <span key="email" className="font-mono">
                    {result.email_masked}
                  </span>,
                  <span key="state" className="flex flex-wrap gap-1">
                    <Badge tone={result.state === "active" ? "success" : "neutral"}>
                      {t(`states.${result.state}`)}
                    </Badge>
                    {result.locked ? <Badge tone="danger">{t("states.locked")}</Badge> : null}
                  </span>,
                  dates.date(result.created_at),
                ],
              }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
