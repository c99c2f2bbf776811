/** The product's mark and name. */
export function Logo() {
  return (
    <span className="d-inline-flex align-items-center gap-2 fw-bold">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#0dcaf0" />
        <path d="M8 8h4l4 11 4-11h4l-6.5 16h-3z" fill="#fff" />
      </svg>
      Vellum
    </span>
  );
}
