// Days as the customer counts them: in the notices' time zone, written YYYY-MM-DD.

const formatters = new Map<string, Intl.DateTimeFormat>();

export function dayOf(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format.format(at);
}
