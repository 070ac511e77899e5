// Reads and writes the consent record through the admin API, and sends the confirmation email.

import type { Identity } from "@ory/client-fetch";
import { adminApi } from "../../lib/admin.server";
import { config } from "../../lib/config";
import { sendNewsletterConfirmation } from "../../lib/courier-messages.server";
import { type Locale, localizedHref } from "../../lib/locale";
import { newConfirmToken } from "./confirm-token";
import {
  type ConsentChange,
  type ConsentRecord,
  consentPatch,
  readConsent,
  requestConsent,
} from "./consent";

export async function loadIdentity(identityId: string): Promise<Identity> {
  return adminApi().getIdentity({ id: identityId });
}

export function consentOf(identity: Identity): ConsentRecord | undefined {
  return readConsent(identity.metadata_admin);
}

export async function saveConsent(identity: Identity, record: ConsentRecord): Promise<void> {
  await adminApi().patchIdentity({
    id: identity.id,
    jsonPatch: consentPatch(identity.metadata_admin, record),
  });
}

/**
 * A yes (on the consent screen or in settings): the record waits for the confirmation, and the
 * email with the link goes out in the identity's own language (the identity service picks it).
 */
export async function requestSubscription(
  identity: Identity,
  change: ConsentChange,
): Promise<void> {
  const { token, sha256 } = newConfirmToken(identity.id);
  await saveConsent(
    identity,
    requestConsent(consentOf(identity), { ...change, tokenSha256: sha256 }),
  );
  await sendNewsletterConfirmation(identity.id, confirmationUrl(token, change.locale));
}

export function confirmationUrl(token: string, locale: Locale): string {
  return `${config.publicBaseUrl}${localizedHref(locale, "/newsletter/confirm", { token })}`;
}
