import { IMAGE_PROTOCOLS, isSafeUrl } from '@vellum/proto/editor';
import type { LinkColors, LinkView } from '@vellum/proto/api';
import { linksApi } from '../api/linksApi';

interface Props {
  link: LinkView;
  colors: LinkColors;
}

/**
 * One link of the page: a button in the page's colours that opens, in a new tab, the service's redirect, which
 * counts the click and goes on to the stored URL. The stored URL itself is never an href; a link whose stored URL
 * is not a plain http(s) address (written before the rules, say) shows as a disabled button.
 */
export function LinkButton({ link, colors }: Props) {
  const style = {
    color: colors.linkItemFontColor,
    backgroundColor: colors.linkItemBackgroundColor,
    borderColor: colors.linkItemFontColor,
  };
  const className = 'btn btn-lg w-100 text-break fw-semibold';
  if (!isSafeUrl(link.link_url, IMAGE_PROTOCOLS)) {
    return (
      <span className={`${className} disabled`} aria-disabled="true" style={style}>
        {link.link_label}
      </span>
    );
  }
  return (
    <a
      className={className}
      href={linksApi.go(link._id)}
      target="_blank"
      rel="noopener noreferrer"
      style={style}
    >
      {link.link_label}
    </a>
  );
}

/** The links by position. */
export const byPosition = (links: readonly LinkView[]) => [...links].sort((a, b) => a.position - b.position);
