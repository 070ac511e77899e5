import { Verification } from "@ory/elements-react/theme";
import { getVerificationFlow, type OryPageParams } from "@ory/nextjs/app";
import type * as React from "react";
import { oryConfig } from "../../../lib/config";
import baseConfig from "../../../ory.config";

export default async function VerificationPage(props: OryPageParams): Promise<React.JSX.Element | null> {
  const flow = await getVerificationFlow(baseConfig, props.searchParams);
  if (!flow) return null;
  return <Verification flow={flow} config={oryConfig()} />;
}
