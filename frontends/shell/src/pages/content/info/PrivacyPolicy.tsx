import { SUPPORT_EMAIL } from './contact';
import { LastUpdated } from './LastUpdated';

/** /privacy and /vellum/privacy. */
export function PrivacyPolicy() {
  return (
    <>
      <h1 className="fw-bold mb-2">Privacy Policy</h1>
      <LastUpdated />
      <p className="lead">
        This policy explains what Vellum keeps about you, why, who can see it, and what you can ask us to do
        with it.
      </p>

      <h2 className="h4 mt-4">What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> username, email address, first and last name, and your password —
          stored only as a one-way hash that nobody, including us, can turn back into the password.
        </li>
        <li>
          <strong>What you create:</strong> your vellums, ratings, actions and action requests, messages,
          conversation vellums, follows, and your vielink with its links and colours.
        </li>
        <li>
          <strong>How you use Vellum:</strong> when you last signed in, and short-lived server logs of
          requests (time, address and page) that keep the service secure and working.
        </li>
      </ul>

      <h2 className="h4 mt-4">Why we keep it</h2>
      <p>
        To run Vellum for you: to show your notes, deliver your messages, send the emails that verify your
        address or reset your password, protect accounts from abuse, and count how Vellum is used so we can
        improve it. We do not sell your data, we do not show advertising, and we do not use your vellums to
        train AI models.
      </p>

      <h2 className="h4 mt-4">Who can see what</h2>
      <ul>
        <li>
          Everyone: your profile, your public vellums and their scores, your followers, and your vielink.
        </li>
        <li>Only you: your private vellums and your actions.</li>
        <li>The people in a conversation: its messages and its conversation vellum.</li>
        <li>Someone who sends you an action request: that request and what you did with it.</li>
        <li>
          Vellum administrators: account lists with email, username, names, last session and the number of
          vellums and actions, used to run and support the service.
        </li>
      </ul>

      <h2 className="h4 mt-4">Cookies</h2>
      <p>
        Vellum uses one cookie to keep you signed in. It cannot be read by scripts on the page and is not used
        for advertising or to follow you across other websites.
      </p>

      <h2 className="h4 mt-4">Who helps us</h2>
      <p>
        We use providers for hosting and for sending email. They handle your data only to provide those
        services to us and under the same protections as this policy.
      </p>

      <h2 className="h4 mt-4">How long we keep it</h2>
      <p>
        What you create stays until you delete it or close your account. When an account is closed we delete
        its content, and it disappears from our backups as they are replaced. Server logs are kept for a short
        period only.
      </p>

      <h2 className="h4 mt-4">Your choices and rights</h2>
      <p>
        You can edit or delete your vellums, actions and links at any time and make any public vellum private.
        You can ask us for a copy of your data, to correct it, or to close your account and delete it, by
        writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2 className="h4 mt-4">Children</h2>
      <p>Vellum is not meant for children under 13, and we do not knowingly keep their data.</p>

      <h2 className="h4 mt-4">Changes</h2>
      <p className="mb-0">
        When this policy changes we update the date at the top of this page, and for important changes we tell
        you by email before they apply.
      </p>
    </>
  );
}
