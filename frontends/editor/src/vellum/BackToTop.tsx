import { texts } from '../texts';

/** The vellum page's back-to-top control, at the end of the text. */
export function BackToTop() {
  return (
    <div className="text-end my-4">
      <button
        type="button"
        className="btn btn-link btn-sm"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        ↑ {texts.backToTop}
      </button>
    </div>
  );
}
