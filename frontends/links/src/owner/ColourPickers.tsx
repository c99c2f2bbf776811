import { useEffect, useId, useRef } from 'react';
import { Form } from '@vellum/ui';
import { linkColorCalls, type LinkColorCall, type LinkColorName, type LinkPageView } from '@vellum/proto/api';
import { linksApi } from '../api/linksApi';
import { pickerValue } from '../links/colours';
import type { LinkChanges } from './useLinkChanges';

/** The three colours of spec section 2, in its order. */
export const COLOUR_PICKERS: ReadonlyArray<[LinkColorName, string]> = [
  ['linkBackgroundColor', 'Background'],
  ['linkItemFontColor', 'Link font'],
  ['linkItemBackgroundColor', 'Link background'],
];

/** Which call saves each colour, and its payload name (spec section 7). */
const saveCall = Object.fromEntries(
  (Object.keys(linkColorCalls) as LinkColorCall[]).map((call) => [
    linkColorCalls[call].colour,
    { call, field: linkColorCalls[call].field },
  ]),
) as Record<LinkColorName, { call: LinkColorCall; field: string }>;

/** How long a colour rests before it is saved: a picker reports every shade the pointer passes over. */
export const COLOUR_SAVE_DELAY_MS = 300;

/**
 * The owner's colour pickers: a chosen colour shows on the page at once and is saved once the picker rests (the
 * service echoes what it stored, which the page then keeps); a refusal shows the server's message and the page's
 * saved colours come back.
 */
export function ColourPickers({ page, changes }: { page: LinkPageView; changes: LinkChanges }) {
  const id = useId();
  const pending = useRef(new Map<LinkColorName, { value: string; timer: ReturnType<typeof setTimeout> }>());

  const save = (name: LinkColorName, value: string) => {
    pending.current.delete(name);
    const { call, field } = saveCall[name];
    linksApi.setColour(call, field, value).then(
      (stored) => changes.update((current) => ({ ...current, [name]: stored })),
      (error: unknown) => changes.failed(error, 'The colour could not be saved.', true),
    );
  };

  const choose = (name: LinkColorName, value: string) => {
    changes.update((current) => ({ ...current, [name]: value }));
    const waiting = pending.current.get(name);
    if (waiting) clearTimeout(waiting.timer);
    pending.current.set(name, { value, timer: setTimeout(() => save(name, value), COLOUR_SAVE_DELAY_MS) });
  };

  // Leaving the page saves what is still waiting.
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const [name, { value, timer }] of waiting) {
        clearTimeout(timer);
        save(name, value);
      }
    };
  }, []);

  return (
    <fieldset className="d-flex flex-wrap justify-content-center gap-3 mb-4">
      <legend className="visually-hidden">Colours</legend>
      {COLOUR_PICKERS.map(([name, label]) => (
        <Form.Group key={name} controlId={`${id}-${name}`} className="d-flex align-items-center gap-2">
          <Form.Control
            type="color"
            value={pickerValue(page[name])}
            onChange={(event) => choose(name, event.target.value)}
          />
          <Form.Label className="mb-0 small">{label}</Form.Label>
        </Form.Group>
      ))}
    </fieldset>
  );
}
