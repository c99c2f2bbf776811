import { VELLUM_TITLE_MAX, urlMessages } from '@vellum/proto/editor';
import { editButtonLabel, isEditMode, savedFlags } from '../src/vellum/editState';
import { checkImage, checkLink, checkVideo } from '../src/editor/urls';
import { filterByTitle, visibleOnly } from '../src/lists/filterByTitle';
import { longDate } from '../src/format/dates';
import { authorName } from '../src/format/authors';
import { mergePages } from '../src/lists/useTextSearch';
import { texts } from '../src/texts';
import { listItem } from './helpers';

describe('edit mode (spec section 4)', () => {
  it('puts an authorised owner who has not toggled in edit mode, everyone else read-only', () => {
    expect(isEditMode({ toggled: false, chosen: false }, true)).toBe(true);
    expect(isEditMode({ toggled: true, chosen: false }, true)).toBe(false);
    expect(isEditMode({ toggled: true, chosen: true }, true)).toBe(true);
    expect(isEditMode({ toggled: true, chosen: true }, false)).toBe(false);
    expect(isEditMode({ toggled: false, chosen: false }, false)).toBe(false);
  });

  it("cycles the button through 'Edit View', 'Discard Changes' and 'Saved'", () => {
    expect(editButtonLabel(false, false)).toBe('Edit View');
    expect(editButtonLabel(true, true)).toBe('Discard Changes');
    expect(editButtonLabel(true, false)).toBe('Saved');
  });

  it('tracks a saved flag for the title and one for the text', () => {
    const snapshot = { title: 'A' };
    expect(savedFlags(snapshot, { title: 'A', textSaved: true })).toEqual({ title: true, text: true });
    expect(savedFlags(snapshot, { title: 'B', textSaved: true })).toEqual({ title: false, text: true });
    expect(savedFlags(snapshot, { title: 'A', textSaved: false })).toEqual({ title: true, text: false });
    expect(savedFlags(null, { title: 'x', textSaved: false })).toEqual({ title: true, text: true });
  });
});

describe('addresses from the toolbar', () => {
  it('accepts http, https and mailto links and completes a bare host', () => {
    expect(checkLink('https://example.com/a')).toEqual({ ok: true, url: 'https://example.com/a' });
    expect(checkLink('example.com/page')).toEqual({ ok: true, url: 'https://example.com/page' });
    expect(checkLink('mailto:ann@example.com')).toEqual({ ok: true, url: 'mailto:ann@example.com' });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '//evil.com',
    '/relative',
  ])('refuses the link %j', (url) =>
    expect(checkLink(url)).toEqual({ ok: false, message: urlMessages.link }),
  );

  it('takes images over http and https only', () => {
    expect(checkImage(' https://example.com/a.png ')).toEqual({ ok: true, url: 'https://example.com/a.png' });
    expect(checkImage('data:image/png;base64,AAAA')).toEqual({ ok: false, message: urlMessages.image });
    expect(checkImage('javascript:alert(1)')).toEqual({ ok: false, message: urlMessages.image });
  });

  it('stores a video by its 11-character identifier', () => {
    expect(checkVideo('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      ok: true,
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(checkVideo('https://www.youtube.com/watch?v=short')).toEqual({
      ok: false,
      message: urlMessages.video,
    });
    expect(checkVideo('https://evil.example/watch?v=dQw4w9WgXcQ')).toEqual({
      ok: false,
      message: urlMessages.video,
    });
  });
});

describe('lists', () => {
  const items = [listItem({ i: '1', title: 'Prompt Recipes' }), listItem({ i: '2', title: 'Groceries' })];

  it('filters by title, case-insensitively, setting the local visible flag', () => {
    const filtered = filterByTitle(items, '  pROMPT ');
    expect(filtered.map((item) => item.visible)).toEqual([true, false]);
    expect(visibleOnly(filtered).map((item) => item.i)).toEqual(['1']);
    expect(visibleOnly(filterByTitle(items, '')).length).toBe(2);
  });

  it('counts with US thousands separators', () => {
    expect(texts.vellumsCount(1)).toBe('1 Vellum');
    expect(texts.vellumsCount(12345)).toBe('12,345 Vellums');
  });

  it('writes dates in the long format', () => {
    expect(longDate('2024-10-05T12:00:00.000Z')).toBe('October 5, 2024');
    expect(texts.updatedOn(longDate('2024-01-31T12:00:00.000Z'))).toBe('Updated on January 31, 2024');
  });

  it('names the author by display name, else username', () => {
    expect(authorName({ display_name: 'Ann Lee', username: 'ann' })).toBe('Ann Lee');
    expect(authorName({ display_name: '', username: 'ann' })).toBe('ann');
  });

  it('merges discovery pages in order, each vellum once', () => {
    const pages = [
      { vellums: [listItem({ i: 'a' }), listItem({ i: 'b' })], nextCursor: 'x' },
      { vellums: [listItem({ i: 'b' }), listItem({ i: 'c' })], nextCursor: null },
    ];
    const merged = mergePages(pages);
    expect(merged.map((item) => item.i)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the title limit of the contracts', () => {
    expect(VELLUM_TITLE_MAX).toBe(92);
  });
});
