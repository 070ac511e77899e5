import { createHash } from "node:crypto";

// The test persons the sign-in page offers. Each provider sees a person under its own subject
// (as real providers do), so signing in as Lena at Google and at Apple gives two different
// (issuer, subject) pairs. Jonas has a Facebook account without an email address, the case
// where the shop must ask for one; Mira hides her address behind Apple's private relay.

export type ProviderKind = "google" | "apple" | "facebook";

export interface Person {
  key: string;
  first: string;
  last: string;
  /** Absent: the provider shares no email address for this person. */
  email?: string;
  emailVerified: boolean;
  /** Apple's "Hide My Email" relay address. */
  privateRelay?: boolean;
  /** Providers that know this person; all three when absent. */
  only?: ProviderKind[];
  note?: string;
}

export const testPersons: readonly Person[] = [
  { key: "lena", first: "Lena", last: "Lindgren", email: "lena@example.com", emailVerified: true },
  { key: "paul", first: "Paul", last: "Petersen", email: "paul@example.com", emailVerified: true },
  {
    key: "jonas",
    first: "Jonas",
    last: "Jäger",
    emailVerified: false,
    only: ["facebook"],
    note: "ohne E-Mail-Adresse / without an email address",
  },
  {
    key: "mira",
    first: "Mira",
    last: "Meyer",
    email: "mira.7f3k2@privaterelay.appleid.com",
    emailVerified: true,
    privateRelay: true,
    only: ["apple"],
    note: "E-Mail verborgen / hidden email (private relay)",
  },
];

export function personsFor(kind: ProviderKind, custom: Iterable<Person>): Person[] {
  return [...testPersons, ...custom].filter((p) => !p.only || p.only.includes(kind));
}

/** A person typed into the page's form; the same inputs always give the same person. */
export function customPerson(input: { email?: string; first?: string; last?: string }): Person {
  const email = input.email?.trim().toLowerCase() || undefined;
  const first = input.first?.trim() || "Test";
  const last = input.last?.trim() || "Person";
  const key = `custom-${createHash("sha256")
    .update(`${email ?? ""}|${first}|${last}`)
    .digest("hex")
    .slice(0, 16)}`;
  return { key, first, last, ...(email ? { email } : {}), emailVerified: email !== undefined };
}

/** The subject a provider gives the person: stable, and different at every provider. */
export function subjectOf(kind: ProviderKind, person: Person): string {
  return `${kind}-${person.key}`;
}

/** OpenID Connect standard claims of the person as the provider holds them. */
export function claimsOf(kind: ProviderKind, person: Person): Record<string, unknown> {
  return {
    sub: subjectOf(kind, person),
    name: `${person.first} ${person.last}`,
    given_name: person.first,
    family_name: person.last,
    locale: "de",
    ...(person.email
      ? {
          email: person.email,
          email_verified: person.emailVerified,
          ...(kind === "apple" ? { is_private_email: person.privateRelay === true } : {}),
        }
      : {}),
  };
}
