import { SessionProvider } from "@ory/elements-react/client";
import { Settings } from "@ory/elements-react/theme";
import { getSettingsFlow, type OryPageParams } from "@ory/nextjs/app";
import type * as React from "react";
import { oryConfig } from "../../lib/config";
import baseConfig from "../../ory.config";

export default async function SettingsPage(props: OryPageParams): Promise<React.JSX.Element | null> {
  const flow = await getSettingsFlow(baseConfig, props.searchParams);
  if (!flow) return null;
  return (
    <div style={{ padding: "2rem" }}>
      <SessionProvider baseUrl={oryConfig().sdk?.url}>
        <Settings flow={flow} config={oryConfig()} />
      </SessionProvider>
    </div>
  );
}
