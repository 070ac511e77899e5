import { timeZone } from "../../i18n/locales";

// A lock "until a date" ends when that day begins in the shop's time zone (Europe/Berlin),
// whatever zone the server or the staff member's computer is in.

/** `2026-12-24` -> the instant of 00:00 that day in Berlin, or undefined for anything else. */
export function startOfDayInShopZone(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  // The zone's offset at that moment (+01:00 or +02:00), then midnight there.
  const offset = offsetMinutes(new Date(utcMidnight));
  const guess = new Date(utcMidnight - offset * 60_000);
  // Around a change of daylight saving time the offset at the result may differ; use it.
  return new Date(utcMidnight - offsetMinutes(guess) * 60_000);
}

function offsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}
