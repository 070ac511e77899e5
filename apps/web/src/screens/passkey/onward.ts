/** Where the customer goes on after the offer: /api/redirect validates return_to again. */
export function onwardHref(returnTo: string | undefined): string {
  return returnTo
    ? `/api/redirect?${new URLSearchParams({ return_to: returnTo })}`
    : "/api/redirect";
}
