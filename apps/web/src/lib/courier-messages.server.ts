// POST /admin/courier/messages: our identity service's extension (docs/newsletter-deletion-migration.md#admin-api-extensions) that
// sends one of its templated emails to an identity, in the identity's stored language. Kratos
// has no such call and the SDK no method for it, hence plain fetch, only here. On Kratos or Ory
// Network this one call needs a replacement (README: "Admin API calls").

import { adminEndpoint, adminHeaders } from "./admin.server";

export class CourierMessageError extends Error {
  override readonly name = "CourierMessageError";
}

export async function sendNewsletterConfirmation(
  identityId: string,
  confirmationUrl: string,
): Promise<void> {
  const { url, token } = adminEndpoint();
  let response: Response;
  try {
    response = await fetch(`${url}/admin/courier/messages`, {
      method: "POST",
      cache: "no-store",
      headers: {
        ...(await adminHeaders(token)),
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({
        template_type: "newsletter_confirmation",
        identity_id: identityId,
        model: { confirmation_url: confirmationUrl },
      }),
    });
  } catch (cause) {
    throw new CourierMessageError("identity service unreachable", { cause });
  }
  // The answer's body is not kept: it might echo the request, whose link carries a token.
  if (response.status !== 201) {
    throw new CourierMessageError(`POST /admin/courier/messages answered ${response.status}`);
  }
}
