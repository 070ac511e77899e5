// Kratos's identifier similarity rule (selfservice/strategy/password/validator.go): after
// lowercasing, a password is too similar when its Levenshtein distance to the identifier is
// below 5, or when their longest common substring covers more than half of the password.
const minDistance = 5;
const maxSubstringShare = 0.5;
// Both measures cost length × length; Kratos skips the check past 256 characters for that reason.
const maxComparedLength = 256;

/** Whether `password` is too close to `identifier`; both are compared as code points. */
export function isTooSimilar(password: string, identifier: string): boolean {
  const a = Array.from(password.toLowerCase());
  const b = Array.from(identifier.toLowerCase());
  if (a.length === 0 || b.length === 0) return false;
  if (a.length > maxComparedLength || b.length > maxComparedLength) return false;
  return (
    levenshteinDistance(a, b) < minDistance ||
    longestCommonSubstringLength(a, b) / a.length > maxSubstringShare
  );
}

export function levenshteinDistance(a: readonly string[], b: readonly string[]): number {
  // One row of the edit-distance table at a time: previous[j] is the distance of a[0..i) to b[0..j).
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const deletion = (previous[j] ?? 0) + 1;
      const insertion = (current[j - 1] ?? 0) + 1;
      current.push(Math.min(substitution, deletion, insertion));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function longestCommonSubstringLength(a: readonly string[], b: readonly string[]): number {
  // previous[j] is the length of the common run ending at a[i-1] and b[j-1].
  let previous: number[] = new Array(b.length + 1).fill(0);
  let longest = 0;
  for (let i = 1; i <= a.length; i++) {
    const current: number[] = new Array(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue;
      const run = (previous[j - 1] ?? 0) + 1;
      current[j] = run;
      longest = Math.max(longest, run);
    }
    previous = current;
  }
  return longest;
}
