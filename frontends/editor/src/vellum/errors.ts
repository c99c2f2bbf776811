import { isApiError } from '@vellum/ui';

/**
 * The spec's text for a failed call (section 8), followed by the server's reason when the request itself was
 * refused (a 4xx with a message): 'Error updating the Vellum.' then, say, why the document was refused.
 */
export function failureMessage(specText: string, error: unknown): string {
  if (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message &&
    error.message !== specText
  ) {
    return `${specText}\n${error.message}`;
  }
  return specText;
}
