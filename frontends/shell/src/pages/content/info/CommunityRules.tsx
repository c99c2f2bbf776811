import { Link } from 'react-router-dom';
import { LastUpdated } from './LastUpdated';

const RULES = [
  {
    title: 'Be respectful',
    text: 'Disagree with ideas, not people. No harassment, threats, or hate against anyone for who they are.',
  },
  {
    title: 'No spam',
    text: 'Do not flood people with messages, follows or action requests, and do not publish vellums or links that exist only to advertise or to mislead.',
  },
  {
    title: 'Keep it legal and safe',
    text: 'No illegal content, malware, phishing links, or content that sexualises minors. Do not share instructions meant to hurt people.',
  },
  {
    title: 'Respect privacy',
    text: 'Do not publish other people’s personal details, private messages or conversation vellums without their consent.',
  },
  {
    title: 'Respect other people’s work',
    text: 'Publish only what you have the right to share, and say where a text, image or AI result comes from when it matters.',
  },
  {
    title: 'Be yourself',
    text: 'Do not pretend to be another person or organisation in your username, display name, vielink or vellums.',
  },
  {
    title: 'Rate honestly',
    text: 'Rate a vellum for what it says. Do not trade ratings or use several accounts to change a score.',
  },
];

/** /rules: what is and is not allowed. */
export function CommunityRules() {
  return (
    <>
      <h1 className="fw-bold mb-2">Community Rules</h1>
      <LastUpdated />
      <p className="lead">
        Vellum works because people can share what they know without being drowned out or put at risk. These
        rules apply to everything you publish or send: vellums, ratings, messages, action requests, profiles
        and vielinks.
      </p>
      <ol className="d-grid gap-2 ps-3">
        {RULES.map(({ title, text }) => (
          <li key={title}>
            <strong>{title}.</strong> {text}
          </li>
        ))}
      </ol>

      <h2 className="h4 mt-4">If someone breaks the rules</h2>
      <p>
        Tell us through <Link to="/vellum/support">Contact and Support</Link>, with the username and the
        address of the page. We may remove content and suspend or close accounts; the full terms are in the{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </>
  );
}
