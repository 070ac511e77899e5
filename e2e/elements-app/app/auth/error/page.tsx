import { Error as OryError } from "@ory/elements-react/theme";
import { Configuration, FrontendApi } from "@ory/client-fetch";
import type * as React from "react";
import { oryConfig } from "../../../lib/config";

// The identity service sends the browser here with ?id= when a flow cannot go on.
export default async function ErrorPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}): Promise<React.JSX.Element> {
  const id = (await props.searchParams).id;
  const api = new FrontendApi(
    new Configuration({ basePath: process.env.ORY_SDK_URL, headers: { Accept: "application/json" } }),
  );
  const error = await api.getFlowError({ id: String(id ?? "") });
  return <OryError error={error} config={oryConfig()} />;
}
