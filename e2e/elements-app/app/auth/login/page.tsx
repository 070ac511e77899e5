import { Login } from "@ory/elements-react/theme";
import { getLoginFlow, type OryPageParams } from "@ory/nextjs/app";
import type * as React from "react";
import { oryConfig } from "../../../lib/config";
import baseConfig from "../../../ory.config";

export default async function LoginPage(props: OryPageParams): Promise<React.JSX.Element | null> {
  const flow = await getLoginFlow(baseConfig, props.searchParams);
  if (!flow) return null;
  return <Login flow={flow} config={oryConfig()} />;
}
