import { Ajv, type JTDSchemaType } from "ajv/dist/jtd.js";
import type { FlowKind } from "./flow.ts";
import type {
  CeremonyState,
  CodeState,
  FlowInternal,
  FlowPayload,
  FlowStates,
  NamedKey,
  NativeAppReturn,
  PayloadBase,
  PendingCeremony,
  PendingLink,
} from "./flow-state.ts";

// The declarations of flow-state.ts as JSON Type Definition schemas (RFC 8927, compiled by
// Ajv), which know no keys but the declared ones. JTDSchemaType makes the compiler refuse a
// schema that does not match its type. A load checks the keys and their types down to the ui
// container; the nodes inside are only checked to be objects: the service wrote them, and a
// login reads its flow on every submit.

/** The ui container as stored: nodes and messages are objects, not checked field by field. */
interface StoredUi {
  action: string;
  method: "POST" | "GET";
  nodes: Record<string, unknown>[];
  messages?: Record<string, unknown>[];
}
type Stored<Payload extends PayloadBase> = Omit<Payload, "ui"> & { ui: StoredUi };

const anyObject = { values: {} } as const;

const ui: JTDSchemaType<StoredUi> = {
  properties: {
    action: { type: "string" },
    method: { enum: ["POST", "GET"] },
    nodes: { elements: anyObject },
  },
  optionalProperties: { messages: { elements: anyObject } },
};

const payloadBase = {
  properties: { request_url: { type: "string" }, ui },
  optionalProperties: {
    return_to: { type: "string" },
    active: { type: "string" },
    transient_payload: anyObject,
  },
} as const;

const organizationId = { type: "string", nullable: true } as const;
const exchangeFields = {
  oauth2_login_challenge: { type: "string" },
  session_token_exchange_code: { type: "string" },
} as const;

const pendingCeremony: JTDSchemaType<PendingCeremony> = {
  properties: { challenge: { type: "string" } },
  optionalProperties: { user_handle: { type: "string" } },
};
const ceremonyFields: JTDSchemaType<CeremonyState>["optionalProperties"] = {
  webauthn_session: pendingCeremony,
  passkey_session: pendingCeremony,
  passkey_upgrade_session: pendingCeremony,
};
const codeFields: JTDSchemaType<CodeState>["optionalProperties"] = {
  address: { type: "string" },
  tries: { type: "uint32" },
};
const nativeApp: JTDSchemaType<NativeAppReturn> = {
  properties: { flowId: { type: "string" }, returnTo: { type: "string" } },
};
const pendingLink: JTDSchemaType<PendingLink> = {
  properties: {
    identityId: { type: "string" },
    link: {
      properties: {
        provider: { type: "string" },
        issuer: { type: "string" },
        subject: { type: "string" },
      },
    },
  },
};
const namedKeys: JTDSchemaType<NamedKey[]> = {
  elements: { properties: { id: { type: "string" }, name: { type: "string" } } },
};

type Schemas = {
  [Kind in FlowKind]: {
    payload: JTDSchemaType<Stored<FlowStates[Kind]["payload"]>>;
    internal: JTDSchemaType<FlowStates[Kind]["internal"]>;
  };
};

const schemas: Schemas = {
  login: {
    payload: {
      properties: {
        ...payloadBase.properties,
        organization_id: organizationId,
        refresh: { type: "boolean" },
        requested_aal: { enum: ["aal1", "aal2"] },
      },
      optionalProperties: { ...payloadBase.optionalProperties, ...exchangeFields },
    },
    internal: {
      optionalProperties: {
        ...codeFields,
        ...ceremonyFields,
        completed: { type: "boolean" },
        challenge: { type: "string" },
        codeRound: { type: "uint32" },
        linkCredentials: pendingLink,
        nativeApp,
      },
    },
  },
  registration: {
    payload: {
      properties: { ...payloadBase.properties, organization_id: organizationId },
      optionalProperties: { ...payloadBase.optionalProperties, ...exchangeFields },
    },
    internal: {
      optionalProperties: {
        ...codeFields,
        ...ceremonyFields,
        completed: { type: "boolean" },
        challenge: { type: "string" },
        codeTraits: anyObject,
        afterVerificationReturnTo: { type: "string" },
        nativeApp,
        oidcPending: {
          properties: {
            provider: { type: "string" },
            profile: {
              properties: {
                provider: { type: "string" },
                issuer: { type: "string" },
                subject: { type: "string" },
                claims: anyObject,
              },
            },
          },
        },
      },
    },
  },
  settings: {
    payload: {
      properties: { ...payloadBase.properties, organization_id: organizationId },
      optionalProperties: {
        ...payloadBase.optionalProperties,
        continue_with: { elements: anyObject },
      },
    },
    internal: {
      optionalProperties: {
        ...ceremonyFields,
        securityBefore: {
          properties: {
            password: { type: "string", nullable: true },
            totp: { type: "boolean" },
            backupCodes: { type: "string", nullable: true },
            securityKeys: namedKeys,
            passkeys: namedKeys,
            providers: { elements: { type: "string" } },
          },
        },
        totp_url: { type: "string" },
        lookup_secret_regenerated: { elements: { type: "string" } },
      },
    },
  },
  recovery: {
    payload: payloadBase,
    internal: { optionalProperties: { ...codeFields, recoveryRound: { type: "uint32" } } },
  },
  verification: {
    payload: payloadBase,
    internal: {
      optionalProperties: {
        ...codeFields,
        oauth2Login: {
          properties: {
            challenge: { type: "string" },
            identityId: { type: "string" },
            sessionId: { type: "string" },
            amr: { elements: { type: "string" } },
          },
          optionalProperties: { acr: { type: "string" } },
        },
      },
    },
  },
};

type Check = (data: unknown) => boolean;
// The schemas are checked against their types by the compiler, so Ajv need not load the JTD
// meta-schema, which would take most of a second.
const ajv = new Ajv({ meta: false, validateSchema: false });
const compiled = new Map<FlowKind, { payload: Check; internal: Check }>();

/** A kind's checks, compiled when its first flow is loaded (a few milliseconds). */
function checksOf(kind: FlowKind): { payload: Check; internal: Check } {
  let checks = compiled.get(kind);
  if (!checks) {
    checks = {
      payload: ajv.compile(schemas[kind].payload),
      internal: ajv.compile(schemas[kind].internal),
    };
    compiled.set(kind, checks);
  }
  return checks;
}

/**
 * A stored flow's payload and internal state when they are what its kind declares; undefined
 * when not (a row written by hand or by a version that kept other keys), which callers treat
 * as a flow that does not exist.
 */
export function checkedFlowState(
  kind: FlowKind,
  payload: unknown,
  internal: unknown,
): { payload: FlowPayload; internal: FlowInternal } | undefined {
  const check = checksOf(kind);
  if (!check.payload(payload) || !check.internal(internal)) return undefined;
  // The schema checked every key; the ui's nodes and messages only as objects (see above).
  return { payload: payload as FlowPayload, internal: internal as FlowInternal };
}
