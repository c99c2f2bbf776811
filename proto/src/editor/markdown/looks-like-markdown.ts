// Lines or spans that only Markdown writes: headings, lists, tasks, quotes, fences, tables, emphasis, code, links.
const BLOCK = /^(#{1,6} |\s*[-*+] |\s*\d{1,9}[.)] |\s*[-*+] \[[ xX]\] |> |```|~~~|\|.*\|\s*$)/m;
const INLINE = /(\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)|!\[[^\]\n]*\]\([^)\s]+\))/;

/** True when pasted plain text looks written in Markdown (so pasting converts it rather than inserting it as is). */
export const looksLikeMarkdown = (text: string) => BLOCK.test(text) || INLINE.test(text);
