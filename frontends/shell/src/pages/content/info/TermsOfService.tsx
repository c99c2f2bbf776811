import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from './contact';
import { LastUpdated } from './LastUpdated';

/** /terms: the agreement for using Vellum. */
export function TermsOfService() {
  return (
    <>
      <h1 className="fw-bold mb-2">Terms of Service</h1>
      <LastUpdated />
      <p className="lead">
        These terms are the agreement between you and Vellum when you create an account or use the service.
        Please read them together with the <Link to="/privacy">Privacy Policy</Link> and the{' '}
        <Link to="/rules">Community Rules</Link>.
      </p>

      <h2 className="h4 mt-4">1. Your account</h2>
      <p>
        You must be at least 13 years old to use Vellum. Give accurate details when you sign up, verify your
        email, and keep your password to yourself: you are responsible for what happens in your account. An
        account is for one person; your username and vielink must not pretend to be someone else.
      </p>

      <h2 className="h4 mt-4">2. Your content</h2>
      <p>
        What you write stays yours. You allow us to store, copy and display it only as needed to run Vellum: a
        private vellum is shown to you, a conversation vellum to the two people in the conversation, and a
        public vellum, your profile and your vielink to everyone. When you make a vellum public, others can
        read and rate it until you make it private again or delete it.
      </p>

      <h2 className="h4 mt-4">3. Prompts and AI results</h2>
      <p>
        When you save prompts and results from chat-style AI tools, you are responsible for following the
        terms of those tools and for what you publish. Check facts before you share them, and do not present
        an AI result as someone else’s words.
      </p>

      <h2 className="h4 mt-4">4. Using Vellum fairly</h2>
      <p>
        Follow the <Link to="/rules">Community Rules</Link>. Do not try to get into other people’s accounts,
        to read what you are not allowed to see, to overload the service, or to collect other users’ data by
        automated means.
      </p>

      <h2 className="h4 mt-4">5. The service</h2>
      <p>
        We work to keep Vellum available and your content safe, but the service is provided as it is, and it
        may change: we add, change and sometimes retire features. Keep your own copy of anything you cannot
        afford to lose.
      </p>

      <h2 className="h4 mt-4">6. Ending the agreement</h2>
      <p>
        You may stop using Vellum and ask us to close your account at any time. We may remove content or
        suspend or close an account that breaks these terms or the Community Rules; where we can, we tell you
        why first.
      </p>

      <h2 className="h4 mt-4">7. Liability</h2>
      <p>
        To the extent the law allows, Vellum is not liable for indirect losses, or for losses caused by
        content that other users publish. Nothing in these terms limits rights you have by law as a consumer.
      </p>

      <h2 className="h4 mt-4">8. Changes and contact</h2>
      <p className="mb-0">
        When these terms change we update the date at the top, and for important changes we tell you by email
        before they apply. Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </>
  );
}
