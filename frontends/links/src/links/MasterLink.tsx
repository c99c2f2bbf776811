import { paths, useToast } from '@vellum/ui';

/** Copies `text`: the Clipboard API, else (a page served over plain HTTP) a selected text area and 'copy'. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** The page's shareable address. */
export const masterLink = (username: string) => `${window.location.origin}${paths.link(username)}`;

/** The shareable master link: a click copies it and says 'Copied to clipboard.' (spec section 2). */
export function MasterLink({ url }: { url: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      // The message lives beside the link schemas (zod), which a visitor's page otherwise never loads.
      const [{ linkMessages }] = await Promise.all([import('@vellum/proto/api'), copyText(url)]);
      toast.show(linkMessages.copied, 'success');
    } catch (error) {
      console.warn('Could not copy the master link', error);
      toast.show('The link could not be copied: select it and copy it by hand.', 'danger');
    }
  };
  return (
    <button
      type="button"
      className="btn btn-link text-break p-0 mb-3"
      style={{ color: 'inherit' }}
      title="Copy to clipboard"
      onClick={() => void copy()}
    >
      {url}
    </button>
  );
}
