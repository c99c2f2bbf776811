import fc from 'fast-check';
import { validateVellumDocument } from '@vellum/proto/editor';
import { fromMarkdown, toMarkdown } from '@vellum/proto/markdown';
import { documentArb } from './support/document-arbitraries';

const runs = Number(process.env.MARKDOWN_RUNS ?? 400);

describe('Markdown round trip (property)', () => {
  it('generated documents are valid vellum documents (the generator is honest)', () => {
    fc.assert(
      fc.property(documentArb(), (doc) => {
        const checked = validateVellumDocument(doc);
        if (!checked.ok) throw new Error(checked.message);
      }),
      { numRuns: 200 },
    );
  });

  it('export → import → export gives the same bytes, and every import validates', () => {
    fc.assert(
      fc.property(documentArb(), (doc) => {
        const markdown = toMarkdown(doc);
        const imported = fromMarkdown(markdown);
        if (!imported.ok) throw new Error(`${imported.message}\n${markdown}`);
        expect(imported.notices).toEqual([]);
        expect(validateVellumDocument(imported.doc).ok).toBe(true);
        expect(toMarkdown(imported.doc)).toBe(markdown);
      }),
      { numRuns: runs },
    );
  });

  it('any text imports as a valid document (or a refusal with a message)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const imported = fromMarkdown(text);
        if (imported.ok) expect(validateVellumDocument(imported.doc).ok).toBe(true);
        else expect(imported.message).not.toBe('');
      }),
      { numRuns: runs },
    );
  });
});
