/**
 * Full page loads (the spec reloads the page after sign-in and sign-out). Kept as one object so tests can
 * observe them: jsdom cannot navigate.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
