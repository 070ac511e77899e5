export * from "./account-export.ts";
export * from "./console-api.ts";
export * from "./error-ids.ts";
export * from "./message-catalogue.ts";
export * from "./message-fields.ts";
export * from "./message-ids.ts";
export * from "./security-events.ts";
