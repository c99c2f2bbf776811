/** Saves a blob as a file the browser downloads, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is let go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"\\/]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** A GET of a file with the session cookie; a refusal throws with the server's message when it has one. */
export async function fetchFile(path: string, failed: string): Promise<Response> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (response.ok) return response;
  let message = failed;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') message = `${failed} ${body.error}`;
  } catch {
    // Not JSON: the fallback says enough.
  }
  throw new Error(message);
}
