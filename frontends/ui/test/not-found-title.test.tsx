import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { NotFound, PRODUCT_NAME, useTitle } from '../src/core';

/** A page that sets its own title and renders Not Found when told, as SearchPage does for a visitor. */
function Page({ title, missing }: { title?: string; missing: boolean }) {
  useTitle(title);
  return missing ? <NotFound /> : <p>{title}</p>;
}

const at = (element: React.ReactElement) => <MemoryRouter>{element}</MemoryRouter>;

describe('the title of a Not Found page', () => {
  afterEach(() => {
    document.title = '';
  });

  it("is 'Not Found' although the page around it set its own title (after it, as React orders effects)", () => {
    render(at(<Page title="Search" missing />));
    expect(document.title).toBe('Not Found');
  });

  it('stays while the page learns a later title, and gives way to it once Not Found leaves', () => {
    const view = render(at(<Page title={undefined} missing />));
    expect(document.title).toBe('Not Found');
    view.rerender(at(<Page title="Ann Lee's Vellums" missing />));
    expect(document.title).toBe('Not Found');
    view.rerender(at(<Page title="Ann Lee's Vellums" missing={false} />));
    expect(document.title).toBe("Ann Lee's Vellums");
    view.unmount();
    expect(document.title).toBe(PRODUCT_NAME);
  });

  it('leaving Not Found for another page shows the next page its title', () => {
    let go: (page: 'missing' | 'about') => void = () => {};
    function Router() {
      const [page, setPage] = useState<'missing' | 'about'>('missing');
      go = setPage;
      return page === 'missing' ? <Page title="Search" missing /> : <Page title="About" missing={false} />;
    }
    render(at(<Router />));
    expect(document.title).toBe('Not Found');
    act(() => go('about'));
    expect(document.title).toBe('About');
    act(() => go('missing'));
    expect(document.title).toBe('Not Found');
  });

  it('an ordinary title still follows the newest screen that set one', () => {
    const view = render(at(<Page title="First" missing={false} />));
    expect(document.title).toBe('First');
    view.rerender(at(<Page title="Second" missing={false} />));
    expect(document.title).toBe('Second');
  });
});
