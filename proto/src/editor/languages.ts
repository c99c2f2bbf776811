/**
 * Languages a code block may name (spec section 9 gives two readings; the longer one is the superset and wins).
 * The editor highlights these; any other `language` attribute is refused by the validator.
 */
export const CODE_BLOCK_LANGUAGES = [
  'bash',
  'dockerfile',
  'go',
  'http',
  'java',
  'json',
  'python',
  'ruby',
  'scss',
  'sql',
  'swift',
  'typescript',
  'vim',
  'xml',
  'yaml',
] as const;

export type CodeBlockLanguage = (typeof CODE_BLOCK_LANGUAGES)[number];
