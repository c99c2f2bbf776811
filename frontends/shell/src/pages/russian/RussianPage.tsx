import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTitle } from '@vellum/ui/core';
import { SEPARATOR, transliterate, type Direction } from '@vellum/proto/api';
import { DIRECTION_LABELS, LETTER_ROWS, characterCount, insertKey, otherDirection, type Run } from './typing';
import { useDirectionKeys } from './useDirectionKeys';

/** The Russian transliteration tool (/russian): everything happens in the browser. */
export default function RussianPage() {
  useTitle('Russian');
  const [text, setText] = useState('');
  const [direction, setDirection] = useState<Direction>('latin-to-cyrillic');
  const [capitals, setCapitals] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  // The keys typed one after another without moving the cursor: only these join into one letter, so
  // a letter from a button or from before a click stays as it is.
  const run = useRef<Run | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !area.current) return;
    area.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const toggle = useCallback(() => {
    setDirection(otherDirection);
    run.current = null;
  }, []);
  useDirectionKeys(toggle);

  const insert = (key: string, typed: boolean) => {
    const element = area.current;
    const inserted = insertKey({
      text,
      start: element?.selectionStart ?? text.length,
      end: element?.selectionEnd ?? text.length,
      direction,
      run: run.current,
      key,
      typed,
    });
    run.current = inserted.run;
    caret.current = inserted.caret;
    setText(inserted.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, ctrlKey, metaKey, altKey, nativeEvent } = event;
    if (key.length !== 1 || ctrlKey || metaKey || altKey || nativeEvent.isComposing) return;
    event.preventDefault();
    insert(key, true);
  };

  const latinToCyrillic = direction === 'latin-to-cyrillic';

  return (
    <Container className="py-4" style={{ maxWidth: 960 }}>
      <h1 className="h2 mb-3">Russian transliteration</h1>
      <p className="text-body-secondary">
        Type Russian with a Latin keyboard, or turn Russian into Latin letters. Nothing you type leaves your
        browser.
      </p>

      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span id="russian-direction-caption">Typing:</span>
        <Badge
          bg={latinToCyrillic ? 'primary' : 'dark'}
          role="status"
          aria-live="polite"
          aria-labelledby="russian-direction-caption russian-direction"
          id="russian-direction"
          className="fs-6"
        >
          {DIRECTION_LABELS[direction]}
        </Badge>
        <Button variant="outline-secondary" size="sm" onClick={toggle}>
          Switch to {DIRECTION_LABELS[otherDirection(direction)]} <kbd className="ms-1">Esc</kbd> or{' '}
          <kbd>F12</kbd>
        </Button>
      </div>

      <Form.Group controlId="russian-text" className="mb-2">
        <Form.Label className="visually-hidden">Text</Form.Label>
        <Form.Control
          as="textarea"
          ref={area}
          rows={8}
          value={text}
          lang={latinToCyrillic ? 'ru' : undefined}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={latinToCyrillic ? 'Privet → Привет' : 'Привет → Privet'}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            run.current = null;
            setText(event.target.value);
          }}
        />
      </Form.Group>

      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <p className="mb-0 text-body-secondary" aria-live="polite" data-testid="character-count">
          {characterCount(text)}
        </p>
        <div className="d-flex gap-2">
          <Button
            variant="outline-secondary"
            size="sm"
            aria-pressed={capitals}
            active={capitals}
            onClick={() => setCapitals((on) => !on)}
          >
            Capital letters
          </Button>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={text === ''}
            onClick={() => {
              run.current = null;
              setText(transliterate(direction, text));
            }}
          >
            Convert the whole text to {latinToCyrillic ? 'Cyrillic' : 'Latin'}
          </Button>
        </div>
      </div>

      <div className="table-responsive">
        <Table bordered size="sm" className="text-center align-middle" style={{ tableLayout: 'fixed' }}>
          <caption>Letters: a button puts its letter at the cursor.</caption>
          <tbody>
            {LETTER_ROWS.map((row, index) => (
              <tr key={index}>
                {row.map(({ cyrillic, latin }) => {
                  const letter = capitals ? cyrillic.toUpperCase() : cyrillic;
                  return (
                    <td key={cyrillic} className="p-1">
                      <Button
                        variant="light"
                        className="w-100 px-0 py-1 lh-sm"
                        aria-label={`${letter} (${latin})`}
                        // Keeps the cursor in the text while the mouse is used; keyboard users keep their place.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => insert(letter, false)}
                      >
                        <span className="d-block fs-5" lang="ru">
                          {letter}
                        </span>
                        <small className="text-body-secondary">{latin}</small>
                      </Button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>

      <h2 className="h5 mt-4">How to type</h2>
      <ul className="text-body-secondary small">
        <li>
          Letters join as you type: <code>s</code> then <code>h</code> gives ш, and <code>shch</code> gives щ;
          also <code>zh</code> ж, <code>kh</code> or <code>h</code> х, <code>ts</code> ц, <code>ch</code> ч,{' '}
          <code>yo</code> ё, <code>yu</code> ю, <code>ya</code> я, <code>ye</code> е, <code>y</code> ы,{' '}
          <code>j</code> й, <code>e&apos;</code> э.
        </li>
        <li>
          <code>&apos;</code> gives the soft sign ь and <code>&quot;</code> the hard sign ъ.
        </li>
        <li>
          To keep letters apart, put a middle dot between them (<code>t{SEPARATOR}s</code> gives тс, not ц),
          or use the letter buttons. A lone <code>c</code> waits for an <code>h</code>.
        </li>
        <li>
          In the Cyrillic → Latin direction, Russian keys are written in Latin letters with the same scheme.
        </li>
      </ul>
    </Container>
  );
}
