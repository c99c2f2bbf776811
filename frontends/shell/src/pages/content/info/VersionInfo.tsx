import { PRODUCT_VERSION } from '@vellum/ui/core';

/** /vellum/version: the running version and what it contains. */
export function VersionInfo() {
  return (
    <>
      <h1 className="fw-bold mb-3">Version</h1>
      <p className="lead">
        You are using Vellum <strong data-testid="product-version">{PRODUCT_VERSION}</strong>.
      </p>
      <p>
        Vellum numbers its releases by the year and month they were made, followed by the number of the fix
        release: {PRODUCT_VERSION} is the release of October 2024, with no fixes on top yet.
      </p>

      <h2 className="h4 mt-4">In this version</h2>
      <ul>
        <li>
          Vellums with headings, lists, task lists, tables, code blocks, quotes, images, videos and links.
        </li>
        <li>Public and private vellums, ratings, and the Discover Vellums list.</li>
        <li>Actions with High, Medium and Low priorities, and action requests to followers.</li>
        <li>Messenger with conversation vellums.</li>
        <li>Follows, user search and profiles.</li>
        <li>Vielink pages with your own colours and link order.</li>
        <li>The Russian transliteration tool.</li>
      </ul>

      <h2 className="h4 mt-4">Reporting a problem</h2>
      <p className="mb-0">
        When you report a problem, tell us the version above: it tells us exactly which Vellum you see.
      </p>
    </>
  );
}
