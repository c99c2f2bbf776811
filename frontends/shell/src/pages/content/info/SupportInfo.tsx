import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from './contact';

/** /vellum/support: how to get help and how to reach us. */
export function SupportInfo() {
  return (
    <>
      <h1 className="fw-bold mb-3">Contact and Support</h1>
      <p className="lead">Most questions have a quick answer below. If yours does not, write to us.</p>

      <h2 className="h4 mt-4">I cannot sign in</h2>
      <p>
        Check that you use the email you signed up with. If you forgot your password,{' '}
        <Link to="/password-reset">reset it</Link> with the link we email you.
      </p>

      <h2 className="h4 mt-4">My email is not verified</h2>
      <p>
        Look for our message in your spam folder, or{' '}
        <Link to="/verification/email">ask for a new verification link</Link>.
      </p>

      <h2 className="h4 mt-4">Someone breaks the Community Rules</h2>
      <p>
        Tell us the username and the address of the vellum, link page or profile. See the{' '}
        <Link to="/rules">Community Rules</Link> for what is not allowed.
      </p>

      <h2 className="h4 mt-4">Write to us</h2>
      <p>
        Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your username, what you did and
        what you saw. A screenshot and the version shown on the <Link to="/vellum/version">version page</Link>{' '}
        help us answer faster. We never ask for your password.
      </p>
    </>
  );
}
