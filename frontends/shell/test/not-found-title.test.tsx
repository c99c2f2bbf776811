import { screen } from '@testing-library/react';
import { renderPage, serve } from '@vellum/ui/test-support';
import SearchPage from '../src/pages/social/SearchPage';

describe("the shell's Not Found title", () => {
  it("is 'Not Found' on /search for a visitor, not the page's 'Search'", async () => {
    serve({}, null);
    renderPage(<SearchPage />, '/search', '/search');
    await screen.findByTestId('not-found');
    expect(document.title).toBe('Not Found');
  });
});
