import { Link } from 'react-router-dom';

/** /vellum/start: the first steps, in order. */
export function GettingStarted() {
  return (
    <>
      <h1 className="fw-bold mb-3">Getting Started</h1>
      <p className="lead">Eight steps from a new account to a vellum you can share.</p>
      <ol className="d-grid gap-3 ps-3">
        <li>
          <strong>Sign up.</strong> Choose a username (the indicator tells you whether it is available), enter
          your email, first and last name, and a password with 8 or more characters, a digit, an uppercase
          letter and a special character.
        </li>
        <li>
          <strong>Verify your email.</strong> Open the link we send you. If it has expired or did not arrive,{' '}
          <Link to="/verification/email">ask for a new verification link</Link>.
        </li>
        <li>
          <strong>Sign in</strong> with your email and password. Forgot it?{' '}
          <Link to="/password-reset">Reset your password</Link>.
        </li>
        <li>
          <strong>Write your first vellum.</strong> Choose New Vellum, give it a title and start writing;
          Control + Enter creates it. Paste a prompt you use often and the answer you liked.
        </li>
        <li>
          <strong>Decide who can read it.</strong> Vellums are private until you make them public. Public
          vellums appear in <Link to="/vellums">Discover Vellums</Link>, where others can rate them.
        </li>
        <li>
          <strong>Add actions.</strong> Write down what to do next with a priority of High, Medium or Low, and
          complete or abandon each one when you are done.
        </li>
        <li>
          <strong>Find people.</strong> Use <Link to="/search">Search</Link> to find people you know, follow
          them and message them in Messenger.
        </li>
        <li>
          <strong>Share your vielink.</strong> Collect your links on one page, choose its colours and share
          its address anywhere.
        </li>
      </ol>
    </>
  );
}
