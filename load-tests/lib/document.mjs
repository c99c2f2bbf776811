// The documents the seeding step writes and the editing journey saves: the same text for the same number, about
// 2 KB of stored JSON each. Plain ES module without imports, shared by Node (seed/) and k6 (scenarios/).

/** Words of titles and bodies; each title carries one, so an owner's search for it finds some of their vellums. */
export const WORDS = [
  'harbour',
  'lantern',
  'meadow',
  'granite',
  'saffron',
  'orchard',
  'compass',
  'glacier',
  'thistle',
  'cobalt',
  'ember',
  'juniper',
  'quartz',
  'willow',
  'falcon',
  'tundra',
];

const FILLER =
  'The quick reader skims a paragraph of plain prose written to weigh about as much as a real note, with ' +
  'sentences long enough to wrap and a few words that repeat so that compression and search behave as usual. ';

/** The n-th seeded document: a heading and paragraphs, about 2 KB as stored JSON; the same for the same n. */
export function documentOf(n) {
  const word = WORDS[n % WORDS.length];
  const paragraph = (k) => ({
    type: 'paragraph',
    content: [
      { type: 'text', text: `Note ${n}.${k} on ${word}. ` },
      { type: 'text', marks: [{ type: 'bold' }], text: `${WORDS[(n + k) % WORDS.length]} ` },
      { type: 'text', text: FILLER + FILLER.slice(0, 110) },
    ],
  });
  return {
    type: 'doc',
    content: [
      {
        type: 'heading',
        attrs: { level: 2 },
        content: [{ type: 'text', text: `A load-test vellum about ${word}` }],
      },
      paragraph(1),
      paragraph(2),
      paragraph(3),
      paragraph(4),
    ],
  };
}

export const titleOf = (n) => `Vellum ${n} about ${WORDS[n % WORDS.length]}`;
