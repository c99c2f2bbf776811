import { Link } from 'react-router-dom';

/** /vellum/about: what the product is made of. */
export function AboutVellum() {
  return (
    <>
      <h1 className="fw-bold mb-3">About Vellum</h1>
      <p className="lead">
        Vellum is a place to write, keep and share notes — including the prompts you write for chat-style AI
        tools and the results they give you. It began in 2010 as a free student notes app.
      </p>

      <h2 className="h4 mt-4">Your cirrus</h2>
      <p>
        Everyone on Vellum has a cirrus: a personal space with a username, a display name and a public profile
        page. Your cirrus holds your vellums, your actions and the people you follow.
      </p>

      <h2 className="h4 mt-4">Vellums</h2>
      <p>
        A vellum is a rich-text document with headings, lists, task lists, tables, code blocks, quotes,
        images, videos and links. A vellum is private until you make it public; public vellums can be read by
        anyone and rated Bad, Good or Excellent. All public vellums are listed in{' '}
        <Link to="/vellums">Discover Vellums</Link>.
      </p>

      <h2 className="h4 mt-4">Actions</h2>
      <p>
        Actions are your to-do list, each with a priority: High, Medium or Low. You can complete or abandon
        them, and send action requests to the people who follow you.
      </p>

      <h2 className="h4 mt-4">Messenger and follows</h2>
      <p>
        Follow other people, find them with search, and message them. Two people in a conversation can keep a
        private conversation vellum that only the two of them can see.
      </p>

      <h2 className="h4 mt-4">Vielink</h2>
      <p>
        Your vielink is a public page with all your links, in your own colours, with one address you can share
        anywhere.
      </p>

      <p className="mt-4">
        Read <Link to="/about">our story and meet the team</Link>, or see how to{' '}
        <Link to="/vellum/start">get started</Link>.
      </p>
    </>
  );
}
