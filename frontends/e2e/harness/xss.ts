import type { Page } from 'playwright-core';

/**
 * Detection of script injection in Chromium, shared by the XSS tests (harness/xssCorpus.ts holds the payloads).
 * A payload that ran sets `window.__pwned` or opens a dialog; one that made it into the DOM as markup leaves a
 * `<script>` of its own, an `on…` attribute or a script address behind, even when Chromium did not run it.
 */

/** What a test watches for XSS: a page, and the dialogs and uncaught errors recorded on it (harness/vellums.ts). */
export interface Watched {
  page: Page;
  dialogs: string[];
  pageErrors: string[];
}

/** Sets `window.__pwned = 0` before every document of the page's context, so a payload's `=1` shows. */
export async function armXssDetection(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    (window as unknown as { __pwned?: number }).__pwned = 0;
  });
}

/** `window.__pwned` now: 0 once armed and untouched. */
export const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

/**
 * What payloads left in the DOM as markup: elements with an event-handler attribute, scripts that mention the
 * flag or load from elsewhere, and script-like addresses in any attribute that navigates or loads.
 */
export function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    // Browsers skip leading control characters in an address.
    const scriptAddress =
      // eslint-disable-next-line no-control-regex -- those control characters are what it skips
      /^[\s\u0000-\u001f]*(javascript|vbscript|livescript|data:(text|application|image\/svg))/i;
    const addressAttributes = [
      'href',
      'src',
      'action',
      'formaction',
      'data',
      'poster',
      'background',
      'xlink:href',
    ];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${name} on ${describe(element)}`);
        if (name === 'srcdoc') found.push(`srcdoc on ${describe(element)}`);
        // The app's own data: images (a QR code, an avatar) hold no script; a payload's do.
        const scripted =
          !/^\s*data:/i.test(attribute.value) ||
          /__pwned|script|onload|onerror|alert\(/i.test(
            decodeURIComponent(attribute.value.replace(/%(?![0-9a-f]{2})/gi, '%25')),
          );
        if (addressAttributes.includes(name) && scriptAddress.test(attribute.value) && scripted) {
          found.push(`${name}=${attribute.value.slice(0, 60)} on ${describe(element)}`);
        }
      }
      if (element.localName === 'script') {
        const script = element as HTMLScriptElement;
        const foreign = script.src !== '' && new URL(script.src, location.href).origin !== location.origin;
        if (foreign || /__pwned|alert\(|fromCharCode/.test(script.textContent ?? '')) {
          found.push(`script ${describe(element)}`);
        }
      }
      if (['iframe', 'object', 'embed', 'frameset', 'portal', 'base', 'meta'].includes(element.localName)) {
        if (element.closest('head') === null || element.localName === 'base') {
          found.push(`element ${describe(element)}`);
        }
      }
    }
    return found;
  });
}

/**
 * Nothing ran and nothing was injected on the page as it is now, and the page did not break: no dialog (but the
 * leave-page prompt), no uncaught error, `window.__pwned` still 0, no payload markup in the DOM.
 */
export async function expectInert(watched: Watched, where = watched.page.url()): Promise<void> {
  const { page } = watched;
  await page.waitForTimeout(150);
  expect({ where, pwned: await pwned(page) }).toEqual({ where, pwned: 0 });
  expect({ where, injected: await injectedMarkup(page) }).toEqual({ where, injected: [] });
  expect({ where, dialogs: watched.dialogs.filter((dialog) => !dialog.startsWith('beforeunload')) }).toEqual({
    where,
    dialogs: [],
  });
  expect({ where, pageErrors: watched.pageErrors }).toEqual({ where, pageErrors: [] });
}

/** The figures of one area: payloads tried, stored and refused, pages rendered; printed on one line. */
export class XssTally {
  stored = 0;
  refused = 0;
  rendered = 0;

  constructor(readonly area: string) {}

  /** Counts an answer: 2xx stored, anything else refused. */
  count(status: number): boolean {
    const ok = status >= 200 && status < 300;
    if (ok) this.stored += 1;
    else this.refused += 1;
    return ok;
  }

  print(): void {
    console.log(
      `XSS ${this.area}: ${this.stored + this.refused} payloads tried, ${this.stored} stored, ` +
        `${this.refused} refused, ${this.rendered} pages rendered, 0 executed`,
    );
  }
}

/** `payloads` joined by `separator` into as few texts as hold them, each at most `max` characters (code points). */
export function packed(payloads: readonly string[], max: number, separator = '\n'): string[] {
  const texts: string[] = [];
  let current = '';
  for (const payload of payloads) {
    const next = current === '' ? payload : `${current}${separator}${payload}`;
    if ([...next].length <= max) current = next;
    else {
      if (current !== '') texts.push(current);
      current = payload;
    }
  }
  if (current !== '') texts.push(current);
  return texts;
}
