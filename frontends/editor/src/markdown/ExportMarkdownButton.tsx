import { useState } from 'react';
import { Button } from '@vellum/ui';
import { texts } from '../texts';
import { fetchFile, fileNameOf, saveBlob } from './download';

/** 'Export Markdown' on a vellum's page: downloads `GET /api/vellum/{id}/markdown` for whoever may read it. */
export function ExportMarkdownButton({
  vellumId,
  onError,
}: {
  vellumId: string;
  onError(message: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetchFile(
        `/api/vellum/${encodeURIComponent(vellumId)}/markdown`,
        texts.exportFailed,
      );
      saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), 'vellum.md'));
    } catch (error) {
      onError(error instanceof Error ? error.message : texts.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-secondary" size="sm" onClick={() => void download()} disabled={busy}>
      {texts.exportMarkdown}
    </Button>
  );
}
