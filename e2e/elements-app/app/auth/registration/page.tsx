import { Registration } from "@ory/elements-react/theme";
import { getRegistrationFlow, type OryPageParams } from "@ory/nextjs/app";
import type * as React from "react";
import { oryConfig } from "../../../lib/config";
import baseConfig from "../../../ory.config";

export default async function RegistrationPage(props: OryPageParams): Promise<React.JSX.Element | null> {
  const flow = await getRegistrationFlow(baseConfig, props.searchParams);
  if (!flow) return null;
  return <Registration flow={flow} config={oryConfig()} />;
}
