/** A document's size for the History list: '512 B', '3.4 KB'. */
export function sizeLabel(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
