/** @jest-environment jsdom */
import '../content/test-setup/textEncoding.js';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RussianPage from './RussianPage';

const textArea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });
const direction = () => screen.getByRole('status', { name: /^Typing:/ });
const counter = () => screen.getByTestId('character-count');

describe('RussianPage', () => {
  it('sets the page title', () => {
    render(<RussianPage />);
    expect(document.title).toBe('Russian');
  });

  it('types Latin keys as Russian letters and counts the characters', async () => {
    const user = userEvent.setup();
    render(<RussianPage />);
    expect(counter().textContent).toBe('0 characters');

    await user.click(textArea());
    await user.keyboard('s');
    expect(textArea().value).toBe('с');
    expect(counter().textContent).toBe('1 character');
    await user.keyboard('h');
    expect(textArea().value).toBe('ш');

    await user.keyboard('chi, Privet!');
    expect(textArea().value).toBe('щи, Привет!');
    expect(counter().textContent).toBe('11 characters');
  });

  it('inserts a letter from the table at the cursor', async () => {
    const user = userEvent.setup();
    render(<RussianPage />);
    await user.click(textArea());
    await user.keyboard('mr');
    textArea().setSelectionRange(1, 1);
    await user.click(screen.getByRole('button', { name: 'и (i)' }));
    expect(textArea().value).toBe('мир');
    expect(counter().textContent).toBe('3 characters');

    // A letter from a button does not join with the key typed after it.
    textArea().setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'с (s)' }));
    await user.keyboard('h');
    expect(textArea().value).toBe('мирсх');
  });

  it('inserts capital letters when Capital letters is on', async () => {
    const user = userEvent.setup();
    render(<RussianPage />);
    const capitals = screen.getByRole('button', { name: 'Capital letters' });
    expect(capitals.getAttribute('aria-pressed')).toBe('false');
    await user.click(capitals);
    expect(capitals.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Щ (shch)' }));
    expect(textArea().value).toBe('Щ');
  });

  it('Esc switches the typing direction and back, and F12 does too', async () => {
    const user = userEvent.setup();
    render(<RussianPage />);
    expect(direction().textContent).toBe('Latin → Cyrillic');

    await user.click(textArea());
    await user.keyboard('{Escape}');
    expect(direction().textContent).toBe('Cyrillic → Latin');
    await user.keyboard('щиТс');
    expect(textArea().value).toBe('shchiT·s');

    await user.keyboard('{Escape}');
    expect(direction().textContent).toBe('Latin → Cyrillic');
    await user.keyboard(' da');
    expect(textArea().value).toBe('shchiT·s да');

    fireEvent.keyDown(document.body, { key: 'F12' });
    expect(direction().textContent).toBe('Cyrillic → Latin');
    await user.click(screen.getByRole('button', { name: /^Switch to Latin → Cyrillic/ }));
    expect(direction().textContent).toBe('Latin → Cyrillic');
  });

  it('leaves Escape inside a dialog to the dialog', () => {
    render(
      <>
        <RussianPage />
        <div role="dialog">
          <button>Close</button>
        </div>
      </>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(direction().textContent).toBe('Latin → Cyrillic');
  });

  it('converts the whole text, for instance pasted text', async () => {
    const user = userEvent.setup();
    render(<RussianPage />);
    fireEvent.change(textArea(), { target: { value: 'Borshch i shchi' } });
    await user.click(screen.getByRole('button', { name: 'Convert the whole text to Cyrillic' }));
    expect(textArea().value).toBe('Борщ и щи');
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    await user.click(screen.getByRole('button', { name: 'Convert the whole text to Latin' }));
    expect(textArea().value).toBe('Borshch i shchi');
  });
});
