import {
  backgroundColorSchema,
  isLinkUrl,
  linkMessages,
  linkSchema,
  reorderSchema,
  LINK_DEFAULT_COLORS,
} from '../src';
import { accepts, refuses } from './helpers';

describe('link request schemas (spec sections 5 and 9)', () => {
  it('trims the label and the URL, and keeps the limits as characters: 1 to 32 and 1 to 360', () => {
    expect(accepts(linkSchema, { linkLabel: '  Home ', linkURL: ' https://example.com ' })).toEqual({
      linkLabel: 'Home',
      linkURL: 'https://example.com',
    });
    expect(
      accepts(linkSchema, { linkLabel: '🙂'.repeat(32), linkURL: 'https://x.io' }).linkLabel,
    ).toHaveLength(64);
    expect(refuses(linkSchema, { linkLabel: 'x'.repeat(33), linkURL: 'https://x.io' })).toBe(
      linkMessages.labelTooLong,
    );
    const url360 = `https://example.com/${'a'.repeat(340)}`;
    expect(accepts(linkSchema, { linkLabel: 'x', linkURL: ` ${url360} ` }).linkURL).toBe(url360);
    expect(refuses(linkSchema, { linkLabel: 'x', linkURL: `${url360}a` })).toBe(linkMessages.urlTooLong);
    expect(refuses(linkSchema, { linkLabel: ' ', linkURL: 'https://x.io' })).toBe(linkMessages.labelRequired);
    expect(refuses(linkSchema, { linkLabel: 'x', linkURL: '' })).toBe(linkMessages.urlRequired);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    '//evil.example.com',
    '/path',
    'example.com',
    'ftp://example.com',
    'mailto:a@example.com',
    'https://user:pw@example.com',
    'https://exa mple.com',
    'https:\\\\example.com',
    'java\u200bscript:alert(1)',
  ])('refuses %j as a link URL', (linkURL) => {
    expect(refuses(linkSchema, { linkLabel: 'x', linkURL })).toBe(linkMessages.urlUnsafe);
    expect(isLinkUrl(linkURL)).toBe(false);
  });

  it.each(['https://example.com', 'http://example.com:8080/a?b=c#d', 'HTTPS://EXAMPLE.COM/Ü'])(
    'accepts %j',
    (url) => expect(isLinkUrl(url)).toBe(true),
  );

  it('takes CSS hex colours only, lower-cased', () => {
    for (const colour of ['#abc', '#ABCD', '#a1b2c3', '#a1b2c3d4']) {
      expect(accepts(backgroundColorSchema, { backgroundColor: colour }).backgroundColor).toBe(
        colour.toLowerCase(),
      );
    }
    for (const colour of ['abc', '#ab', '#abcde', '#ggg', 'red', 'rgb(0,0,0)', '#abc;x:y', null]) {
      expect(refuses(backgroundColorSchema, { backgroundColor: colour })).toBe(linkMessages.colorInvalid);
    }
    expect(LINK_DEFAULT_COLORS).toEqual({
      linkBackgroundColor: '#ffffff',
      linkItemFontColor: '#337ab7',
      linkItemBackgroundColor: '#ffffff',
    });
  });

  it('reads linksToReorder as linkID (a uuid, lower-cased) and a position of 0 or more', () => {
    const id = '0BE7E0C4-0000-4000-8000-000000000000';
    expect(accepts(reorderSchema, { linksToReorder: [{ linkID: id, position: 2 }] })).toEqual({
      linksToReorder: [{ linkID: id.toLowerCase(), position: 2 }],
    });
    for (const linksToReorder of [
      undefined,
      'x',
      [{ linkID: 'x', position: 0 }],
      [{ linkID: id, position: 1.5 }],
      [{ linkID: id }],
    ]) {
      expect(refuses(reorderSchema, { linksToReorder })).toBe(linkMessages.reorderRequired);
    }
  });

  it("words the spec's toasts and confirmation", () => {
    expect(linkMessages.added('Blog')).toBe('Added Link for Blog.');
    expect(linkMessages.edited('Blog')).toBe('Edited Link for Blog.');
    expect(linkMessages.deleted('Blog')).toBe('Deleted Link for Blog.');
    expect(linkMessages.confirmDelete('Blog')).toBe('Are you sure to delete the Link for Blog?');
    expect(linkMessages.copied).toBe('Copied to clipboard.');
  });
});
