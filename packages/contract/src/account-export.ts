// The customer's data as one JSON file (GDPR Art. 20): what the web app's "download my data"
// gives the signed-in customer, and what the console's export gives the customer service for
// them. Both build this shape, so the file is the same whoever asks.

export const accountExportFormat = "moos-account-export/1";

export interface AccountExport {
  readonly format: typeof accountExportFormat;
  readonly exported_at: string;
  readonly profile: {
    readonly id: string;
    readonly traits: unknown;
    readonly created_at: string | undefined;
    readonly updated_at: string | undefined;
  };
  readonly addresses: readonly {
    readonly value: string;
    readonly verified: boolean;
    readonly verified_at: string | undefined;
  }[];
  readonly linked_providers: readonly string[];
  readonly newsletter: {
    readonly status: string;
    readonly subscribed: boolean;
    readonly history: readonly unknown[];
  } | null;
  readonly sessions: readonly {
    readonly id: string;
    readonly authenticated_at: string | undefined;
    readonly expires_at: string | undefined;
    readonly devices: readonly { readonly user_agent?: string; readonly ip_address?: string }[];
  }[];
}
