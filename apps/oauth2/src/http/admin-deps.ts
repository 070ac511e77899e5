import type { FlowDeps } from "../flows/flow-deps.ts";
import type { KeyFlowDeps } from "../flows/keys.ts";

export type AdminRouteDeps = FlowDeps & KeyFlowDeps;
