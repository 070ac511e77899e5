import { Recovery } from "@ory/elements-react/theme";
import { getRecoveryFlow, type OryPageParams } from "@ory/nextjs/app";
import type * as React from "react";
import { oryConfig } from "../../../lib/config";
import baseConfig from "../../../ory.config";

export default async function RecoveryPage(props: OryPageParams): Promise<React.JSX.Element | null> {
  const flow = await getRecoveryFlow(baseConfig, props.searchParams);
  if (!flow) return null;
  return <Recovery flow={flow} config={oryConfig()} />;
}
