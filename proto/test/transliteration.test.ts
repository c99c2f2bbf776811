import {
  RUSSIAN_ALPHABET,
  SEPARATOR,
  cyrillicToLatin,
  latinToCyrillic,
  transliterate,
  typeCyrillic,
  typeKey,
  typeLatin,
} from '../src/text/transliteration';

const typeAll = (keys: string, type: (text: string, key: string) => string) => [...keys].reduce(type, '');

/** Every string of the given length over an alphabet. */
function* strings(alphabet: readonly string[], length: number): Generator<string> {
  if (length === 0) {
    yield '';
    return;
  }
  for (const head of strings(alphabet, length - 1)) for (const ch of alphabet) yield head + ch;
}

// prettier-ignore
const EXPECTED: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'j', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '"', ы: 'y', ь: "'", э: "e'", ю: 'yu', я: 'ya',
};

const PANGRAM = 'Съешь же ещё этих мягких французских булок, да выпей чаю.';
// prettier-ignore
const WORDS = [
  'Москва', 'привет', 'здравствуйте', 'объявление', 'подъезд', 'съезд', 'семья', 'счастье', 'щука', 'ёжик',
  'Юрий', 'Ярослав', 'эхо', 'поэт', 'жизнь', 'хорошо', 'чайка', 'шёпот', 'цапля', 'учится', 'детский',
  'отсюда', 'выехать', 'веснушчатый', 'схема', 'Льдина', 'борщ', 'майонез', 'йогурт', 'район', 'вьюга',
  'пьеса', 'бульон', 'сзади', 'съёмка', 'Санкт-Петербург', 'Достоевский', 'Чехов', 'Щукин', 'Ельцин',
  'аэропорт', 'кухня', 'известия',
];

describe('the alphabet', () => {
  it('has the 33 Russian letters in order', () => {
    expect(RUSSIAN_ALPHABET.map((l) => l.cyrillic).join('')).toBe('абвгдеёжзийклмнопрстуфхцчшщъыьэюя');
    expect(Object.fromEntries(RUSSIAN_ALPHABET.map((l) => [l.cyrillic, l.latin]))).toEqual(EXPECTED);
  });

  it('the pangram uses every letter', () => {
    const used = new Set(PANGRAM.toLowerCase());
    expect(RUSSIAN_ALPHABET.filter((l) => !used.has(l.cyrillic))).toEqual([]);
  });
});

describe('every letter both ways', () => {
  it.each(Object.entries(EXPECTED))('%s is written %s and read back', (cyrillic, latin) => {
    expect(cyrillicToLatin(cyrillic)).toBe(latin);
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it.each(Object.entries(EXPECTED).filter(([c]) => c !== 'ъ' && c !== 'ь'))(
    'capital %s is written with a capital and read back',
    (cyrillic, latin) => {
      const capital = cyrillic.toUpperCase();
      const written = latin[0]!.toUpperCase() + latin.slice(1);
      expect(cyrillicToLatin(capital)).toBe(written);
      expect(latinToCyrillic(written)).toBe(capital);
      expect(latinToCyrillic(latin.toUpperCase())).toBe(capital);
    },
  );

  it('capital signs are read from the case of the word around them', () => {
    expect(cyrillicToLatin('ОБЪЕКТ')).toBe('OB"EKT');
    expect(latinToCyrillic('OB"EKT')).toBe('ОБЪЕКТ');
    expect(latinToCyrillic('Ob"ekt')).toBe('Объект');
    expect(latinToCyrillic("MAT'")).toBe('МАТЬ');
    expect(latinToCyrillic("Mat'")).toBe('Мать');
    expect(latinToCyrillic("L'DINA")).toBe('ЛЬДИНА');
    expect(latinToCyrillic("L'dina")).toBe('Льдина');
    expect(latinToCyrillic("'")).toBe('ь');
    expect(latinToCyrillic('"')).toBe('ъ');
  });
});

describe('multi-letter spellings', () => {
  it.each([
    ['shchi', 'щи'],
    ['shuba', 'шуба'],
    ['chaj', 'чай'],
    ['zhuk', 'жук'],
    ['khleb', 'хлеб'],
    ["tsar'", 'царь'],
    ['yolka', 'ёлка'],
    ['yubka', 'юбка'],
    ['yama', 'яма'],
    ['yeli', 'ели'],
    ["e'kho", 'эхо'],
    ["ye'", 'э'],
    ['hleb', 'хлеб'],
    ['sh', 'ш'],
    ['s', 'с'],
    ['skhema', 'схема'],
  ])('%s reads as %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it('reads the longest spelling first', () => {
    expect(latinToCyrillic('shch')).toBe('щ');
    expect(latinToCyrillic('tsh')).toBe('цх');
    expect(latinToCyrillic('sch')).toBe('сч');
    expect(latinToCyrillic('yye')).toBe('ые');
  });

  it('keeps a lone c and the letters outside the scheme as they are', () => {
    expect(latinToCyrillic('c')).toBe('c');
    expect(latinToCyrillic('wqx')).toBe('wqx');
    expect(latinToCyrillic('cch')).toBe('cч');
  });

  it('separates letters that would read as another letter', () => {
    expect(cyrillicToLatin('тс')).toBe(`t${SEPARATOR}s`);
    expect(cyrillicToLatin('учится')).toBe('uchit·sya');
    expect(cyrillicToLatin('выехать')).toBe("vy·ekhat'");
    expect(cyrillicToLatin('веснушчатый')).toBe('vesnush·chatyj');
    expect(cyrillicToLatin('ые')).toBe('y·e');
    expect(cyrillicToLatin('ыё')).toBe('yyo');
    expect(cyrillicToLatin('ыэ')).toBe("y·e'");
    expect(cyrillicToLatin('еь')).toBe("e·'");
    expect(cyrillicToLatin('ых')).toBe('ykh');
    expect(latinToCyrillic('uchit·sya')).toBe('учится');
    expect(latinToCyrillic('vesnush·chatyj')).toBe('веснушчатый');
  });

  it('keeps a middle dot that does not stand before a letter', () => {
    expect(latinToCyrillic('a·')).toBe('а·');
    expect(latinToCyrillic('a · b')).toBe('а · б');
    expect(latinToCyrillic('t·c')).toBe('т·c');
    expect(latinToCyrillic('t·ch')).toBe('тч');
  });
});

describe('case', () => {
  it('writes a capital in a word of capitals all in capitals', () => {
    expect(cyrillicToLatin('Щи')).toBe('Shchi');
    expect(cyrillicToLatin('ЩИ')).toBe('SHCHI');
    expect(cyrillicToLatin('БОРЩ')).toBe('BORSHCH');
    expect(cyrillicToLatin('Я')).toBe('Ya');
    expect(cyrillicToLatin('ЖЁЛТЫЙ')).toBe('ZHYOLTYJ');
    expect(cyrillicToLatin('ЮЛЯ')).toBe('YULYA');
  });

  it('reads a capital from the first Latin letter of its spelling', () => {
    expect(latinToCyrillic('Shchi')).toBe('Щи');
    expect(latinToCyrillic('SHCHI')).toBe('ЩИ');
    expect(latinToCyrillic('sHchi')).toBe('щи');
    expect(latinToCyrillic('Yeltsin')).toBe('Елцин');
  });

  it('keeps what is not a Russian letter', () => {
    expect(cyrillicToLatin('Hello, мир! 123')).toBe('Hello, mir! 123');
    expect(latinToCyrillic('Privet, mir! 123 😀')).toBe('Привет, мир! 123 😀');
  });
});

describe('round trips', () => {
  it.each(WORDS)('%s in small letters, title case and capitals', (word) => {
    for (const form of [word.toLowerCase(), word[0]!.toUpperCase() + word.slice(1), word.toUpperCase()]) {
      expect(latinToCyrillic(cyrillicToLatin(form))).toBe(form);
    }
  });

  it('the pangram in every case', () => {
    for (const form of [PANGRAM, PANGRAM.toLowerCase(), PANGRAM.toUpperCase()]) {
      expect(latinToCyrillic(cyrillicToLatin(form))).toBe(form);
    }
    expect(cyrillicToLatin(PANGRAM)).toBe(
      `S"esh' zhe eshchyo e'tikh myagkikh frantsuzskikh bulok, da vypej chayu.`,
    );
  });

  it('every pair and triple of small letters', () => {
    const letters = RUSSIAN_ALPHABET.map((l) => l.cyrillic);
    for (const length of [2, 3]) {
      for (const text of strings(letters, length)) expect(latinToCyrillic(cyrillicToLatin(text))).toBe(text);
    }
  });

  it('every pair of letters in capitals, and in title case before a small letter', () => {
    const letters = RUSSIAN_ALPHABET.map((l) => l.cyrillic);
    for (const [a, b] of [...strings(letters, 2)].map((s) => [...s] as [string, string])) {
      if (a !== 'ъ' && a !== 'ь') {
        const capitals = (a + b).toUpperCase();
        expect(latinToCyrillic(cyrillicToLatin(capitals))).toBe(capitals);
      }
      const title = a.toUpperCase() + b + 'а';
      if (a !== 'ъ' && a !== 'ь') expect(latinToCyrillic(cyrillicToLatin(title))).toBe(title);
    }
  });

  it('Latin written by the scheme reads back to the same Latin', () => {
    for (const word of [...WORDS, PANGRAM]) {
      const latin = cyrillicToLatin(word);
      expect(cyrillicToLatin(latinToCyrillic(latin))).toBe(latin);
    }
  });
});

describe('typing from Latin', () => {
  it("turns 'с' into 'ш' when 'h' follows 's'", () => {
    expect(typeLatin('', 's')).toBe('с');
    expect(typeLatin('с', 'h')).toBe('ш');
    expect(typeLatin('Привет, с', 'h')).toBe('Привет, ш');
  });

  it('builds щ from s, h, c, h', () => {
    const steps: string[] = [];
    [...'shch'].reduce((text, key) => {
      const next = typeLatin(text, key);
      steps.push(next);
      return next;
    }, '');
    expect(steps).toEqual(['с', 'ш', 'шc', 'щ']);
  });

  it.each([
    ['ts', 'ц'],
    ['zh', 'ж'],
    ['kh', 'х'],
    ['ch', 'ч'],
    ['yo', 'ё'],
    ['yu', 'ю'],
    ['ya', 'я'],
    ['ye', 'е'],
    ["e'", 'э'],
    ['Sh', 'Ш'],
    ['SH', 'Ш'],
    ['Ya', 'Я'],
    ["MAT'", 'МАТЬ'],
    ["Mat'", 'Мать'],
    ['t·sya', 'тся'],
    ['Privet, mir!', 'Привет, мир!'],
  ])('%s types as %s', (keys, expected) => {
    expect(typeAll(keys, typeLatin)).toBe(expected);
  });

  it('sets the case of a sign once the next letter is typed', () => {
    expect(typeAll("L'", typeLatin)).toBe('ЛЬ');
    expect(typeAll("L'd", typeLatin)).toBe('Льд');
    expect(typeAll("L'D", typeLatin)).toBe('ЛЬД');
  });

  it('gives what latinToCyrillic gives for every short text', () => {
    const check = (text: string) =>
      expect([text, typeAll(text, typeLatin)]).toEqual([text, latinToCyrillic(text)]);
    const keys = [
      's',
      'h',
      'c',
      't',
      'k',
      'z',
      'y',
      'e',
      'a',
      'o',
      'j',
      "'",
      '"',
      SEPARATOR,
      'S',
      'H',
      'E',
      ' ',
    ];
    for (const length of [1, 2, 3]) for (const text of strings(keys, length)) check(text);
    const joining = ['s', 'h', 'c', 't', 'y', 'e', "'", SEPARATOR, 'S'];
    for (const text of strings(joining, 4)) check(text);
  });

  it('gives what latinToCyrillic gives for the Latin of every word', () => {
    for (const word of [...WORDS, PANGRAM, PANGRAM.toUpperCase()]) {
      const latin = cyrillicToLatin(word);
      expect(typeAll(latin, typeLatin)).toBe(word);
    }
  });
});

describe('typing from Cyrillic', () => {
  it('writes each key in Latin', () => {
    expect(typeCyrillic('', 'щ')).toBe('shch');
    expect(typeCyrillic('', 'Щ')).toBe('Shch');
    expect(typeCyrillic('Shch', 'И')).toBe('SHCHI');
    expect(typeCyrillic('t', 'с')).toBe('t·s');
    expect(typeCyrillic('abc', '!')).toBe('abc!');
  });

  it('gives what cyrillicToLatin gives for every pair and triple', () => {
    const letters = RUSSIAN_ALPHABET.map((l) => l.cyrillic);
    const withCapitals = [...letters, ...letters.map((l) => l.toUpperCase()), ' '];
    // A sign has no case in Latin: it takes the case of the letter it follows, as in Russian text.
    const signsFollowLetters = (text: string) => !/(^|[^\p{L}])[ъьЪЬ]|\p{Ll}[ЪЬ]|\p{Lu}[ъь]/u.test(text);
    for (const text of strings(withCapitals, 2)) {
      if (signsFollowLetters(text)) expect(typeAll(text, typeCyrillic)).toBe(cyrillicToLatin(text));
    }
    for (const text of strings([...letters, 'Щ', 'Я', 'Ъ', 'Т', 'С', ' '], 3)) {
      if (signsFollowLetters(text)) expect(typeAll(text, typeCyrillic)).toBe(cyrillicToLatin(text));
    }
  });

  it('gives what cyrillicToLatin gives for every word', () => {
    for (const word of [...WORDS, PANGRAM, PANGRAM.toUpperCase()]) {
      expect(typeAll(word, typeCyrillic)).toBe(cyrillicToLatin(word));
    }
  });
});

describe('by direction', () => {
  it('transliterate and typeKey follow the direction', () => {
    expect(transliterate('latin-to-cyrillic', 'shchi')).toBe('щи');
    expect(transliterate('cyrillic-to-latin', 'щи')).toBe('shchi');
    expect(typeKey('latin-to-cyrillic', 'с', 'h')).toBe('ш');
    expect(typeKey('cyrillic-to-latin', 'shch', 'и')).toBe('shchi');
  });
});
