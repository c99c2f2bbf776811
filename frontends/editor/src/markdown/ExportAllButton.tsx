import { useState } from 'react';
import { Alert, Button } from '@vellum/ui';
import { texts } from '../texts';
import { fetchFile, fileNameOf, saveBlob } from './download';
import { ZipProgress } from './zipProgress';

interface Progress {
  files: number;
  total: number | null;
  bytes: number;
}

const VELLUM_COUNT_HEADER = 'X-Vellum-Count';

/**
 * 'Export all (zip)' on the owner's list: streams `GET /api/cirrus/{u}/vellums.zip`, counting the files as they
 * arrive against the count the service sends first, with a progress bar; then saves the archive.
 */
export function ExportAllButton({ username }: { username: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setProgress({ files: 0, total: null, bytes: 0 });
    try {
      const response = await fetchFile(
        `/api/cirrus/${encodeURIComponent(username)}/vellums.zip`,
        texts.exportFailed,
      );
      const count = Number(response.headers.get(VELLUM_COUNT_HEADER));
      const total = Number.isInteger(count) && count >= 0 ? count : null;
      const reader = response.body!.getReader();
      const zip = new ZipProgress();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        setProgress({ files: zip.push(value), total, bytes });
      }
      const fileName = fileNameOf(response.headers.get('Content-Disposition'), 'vellums.zip');
      saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.exportFailed);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.total ? Math.round((100 * progress.files) / progress.total) : 0;
  return (
    <>
      <Button variant="outline-secondary" onClick={() => void download()} disabled={progress !== null}>
        {texts.exportAll}
      </Button>
      {progress ? (
        <div className="w-100" data-testid="export-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={texts.exportAll}
            aria-valuemin={0}
            aria-valuemax={progress.total ?? 0}
            aria-valuenow={progress.files}
          >
            <div className="progress-bar" style={{ width: `${percent}%` }} />
          </div>
          <small className="text-secondary">
            {texts.exportProgress(progress.files, progress.total, progress.bytes)}
          </small>
        </div>
      ) : null}
      {error ? (
        <Alert variant="danger" className="w-100 mb-0" dismissible onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
