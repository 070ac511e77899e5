/**
 * The bundled breach list: zxcvbn-ts's "passwords-common" dictionary, about 49,000 of the most
 * frequent passwords in public breach corpora, already lowercase. It lets the breach check work
 * offline, where the HIBP API cannot be reached (local profile, tests).
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  // Loaded on first use and kept: decompressing the list takes tens of milliseconds and a few
  // megabytes, which a process that never checks a password should not pay.
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return commonPasswords;
}

/** Case-insensitive: "Password123" is as guessable as "password123". */
export async function isCommonPassword(password: string): Promise<boolean> {
  const passwords = await loadCommonPasswords();
  return passwords.has(password.toLowerCase());
}
