import { Link } from 'react-router-dom';
import { FIRST_YEAR, PRODUCT_VERSION, paths } from '@vellum/ui/core';

const SOCIAL = [
  { label: 'Vellum on X', href: 'https://x.com/vellumapp' },
  { label: 'Vellum on GitHub', href: 'https://github.com/vellumapp' },
  { label: 'Vellum on LinkedIn', href: 'https://www.linkedin.com/company/vellumapp' },
];

/** Each link a target of at least 24 × 24 px (WCAG 2.5.8, Lighthouse's target-size): the small text alone is less. */
const LINK = 'link-body-emphasis d-inline-block py-1';

/** Version 24.10.0, the years since 2010 and the footer links (spec section 1). */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="border-top bg-body mt-5 py-4" data-testid="footer">
      <div className="container d-flex flex-column flex-md-row justify-content-between gap-3 small">
        <div>
          <div>
            © {FIRST_YEAR}–{year} Vellum
          </div>
          <div className="text-body-secondary">Version {PRODUCT_VERSION}</div>
        </div>
        <nav aria-label="Footer">
          <ul className="list-inline mb-1">
            <li className="list-inline-item">
              <Link className={LINK} to={paths.info('start')}>
                Getting Started
              </Link>
            </li>
            <li className="list-inline-item">
              <Link className={LINK} to={paths.info('support')}>
                Contact
              </Link>
            </li>
            <li className="list-inline-item">
              <Link className={LINK} to={paths.info('privacy')}>
                Privacy &amp; Legal
              </Link>
            </li>
            <li className="list-inline-item">
              <Link className={LINK} to={paths.discover()}>
                Discover Vellums
              </Link>
            </li>
          </ul>
          <ul className="list-inline mb-0">
            {SOCIAL.map((account) => (
              <li className="list-inline-item" key={account.href}>
                <a className={LINK} href={account.href} target="_blank" rel="noopener noreferrer">
                  {account.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
