import { Link } from 'react-router-dom';
import { useTitle } from '../hooks/useTitle';

/** Shown for unknown paths and for pages the viewer may not see. */
export function NotFound() {
  useTitle('Not Found', true);
  return (
    <div className="container py-5 text-center" data-testid="not-found">
      <h1 className="display-5">Not Found</h1>
      <p className="lead text-secondary">
        There is nothing here. The page may have moved, or you may not be allowed to see it.
      </p>
      <Link to="/vellums" className="btn btn-info">
        Discover Vellums
      </Link>
    </div>
  );
}
