/** A remote (or a lazy section of the shell) that could not be loaded: the page shows it with a Retry button. */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';

  constructor(
    readonly remote: string,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function isRemoteLoadError(error: unknown): error is RemoteLoadError {
  return error instanceof Error && error.name === 'RemoteLoadError';
}
