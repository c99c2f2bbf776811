/** "Ann" -> "Ann's", "James" -> "James'" (the spec's rule for names ending in s). */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
