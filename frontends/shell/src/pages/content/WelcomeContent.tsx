import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useTitle } from '@vellum/ui/core';
import { ORGANISATIONS, OrganisationLogo } from './OrganisationLogos';
import { InitialsAvatar } from './InitialsAvatar';

export const WELCOME_TITLE = 'Vellum — notes for your AI chat prompts';

const PROFESSIONALS = [
  {
    title: 'Writers and influencers',
    text: 'Draft posts in rich text, keep the prompts behind them, and publish the vellums your readers should see. Your vielink gathers everything you share on one page.',
  },
  {
    title: 'Entrepreneurs',
    text: 'Turn a meeting or a brainstorm with an AI into actions ranked High, Medium and Low, and send action requests to the people who follow you.',
  },
  {
    title: 'Researchers and engineers',
    text: 'Code blocks, tables, task lists and headings in one editor. Keep lab notes and experiments private, and make the write-ups worth reading public.',
  },
  {
    title: 'Everyone who talks to an AI',
    text: 'Save a prompt from a chat-style AI tool together with the result it gave and what you changed, so a good answer never gets lost in a chat history.',
  },
];

const STUDENTS = [
  {
    title: 'Students',
    text: 'Lecture notes, revision checklists and the prompts that finally explained a topic, in one place. Share a public vellum with classmates, or talk it through in Messenger.',
  },
  {
    title: 'Teachers',
    text: 'Publish reading lists and handouts as public vellums, follow your students’ shared work and keep a conversation vellum with each of them.',
  },
];

/** A small picture of a vellum, to show what one looks like. */
function SampleVellum() {
  return (
    <figure className="mb-0" aria-labelledby="welcome-sample-caption">
      <Card className="shadow-sm border-0">
        <Card.Body className="p-4">
          <div className="d-flex justify-content-between align-items-start gap-2 mb-1">
            <p className="h5 mb-0">Explaining enzyme kinetics</p>
            <Badge bg="success">Public</Badge>
          </div>
          <p className="small text-body-secondary mb-3">Updated on October 1, 2024</p>
          <p className="small fw-semibold mb-1">Prompt</p>
          <pre className="bg-body-tertiary rounded p-2 small mb-3" style={{ whiteSpace: 'pre-wrap' }}>
            Explain the Michaelis–Menten equation to a first-year student, with one worked example.
          </pre>
          <p className="small fw-semibold mb-1">What worked</p>
          <ul className="small mb-0 ps-3">
            <li>Asking for one worked example kept the answer short.</li>
            <li>Follow-up: “Now plot the rate against the substrate concentration.”</li>
          </ul>
        </Card.Body>
      </Card>
      <figcaption id="welcome-sample-caption" className="small text-body-secondary text-center mt-2">
        A vellum keeps a prompt, its result and your notes together.
      </figcaption>
    </figure>
  );
}

/** The welcome page (/) for visitors who are not signed in. The shell owns the Sign Up modal. */
export default function WelcomeContent({ onSignUp }: { onSignUp(): void }) {
  useTitle(WELCOME_TITLE);
  return (
    <div>
      <section className="py-5 bg-body-tertiary border-bottom" aria-labelledby="welcome-title">
        <Container>
          <Row className="align-items-center g-5">
            <Col lg={6}>
              <p className="text-uppercase small fw-semibold text-primary-emphasis mb-2">
                Note-taking for AI chat prompts
              </p>
              <h1 id="welcome-title" className="display-5 fw-bold mb-3">
                Keep the prompts that work, and what they gave you
              </h1>
              <p className="lead mb-4">
                Vellum is where you write down your AI chat prompts and their results: rich-text notes called
                vellums, a prioritised list of actions, messages with the people you follow, and one page with
                all your links.
              </p>
              <Button size="lg" variant="primary" onClick={onSignUp}>
                Sign Up
              </Button>
            </Col>
            <Col lg={6}>
              <SampleVellum />
            </Col>
          </Row>
        </Container>
      </section>

      <section className="py-4 border-bottom" aria-labelledby="welcome-organisations">
        <Container>
          <h2 id="welcome-organisations" className="h6 text-uppercase text-center text-body-secondary mb-3">
            Organisations that trust Vellum
          </h2>
          <ul className="list-unstyled d-flex flex-wrap justify-content-center align-items-center column-gap-5 row-gap-3 mb-0 text-body-secondary">
            {ORGANISATIONS.map((organisation) => (
              <li key={organisation.name}>
                <OrganisationLogo {...organisation} />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className="py-5" aria-labelledby="welcome-professionals">
        <Container>
          <h2 id="welcome-professionals" className="fw-bold">
            Trusted by Professionals
          </h2>
          <p className="lead text-body-secondary mb-4">
            People who write for a living, build companies and run experiments keep their thinking in Vellum.
          </p>
          <Row xs={1} md={2} xl={4} className="g-4">
            {PROFESSIONALS.map(({ title, text }) => (
              <Col key={title}>
                <Card className="h-100">
                  <Card.Body>
                    <h3 className="h5">{title}</h3>
                    <p className="mb-0">{text}</p>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <section className="py-5 bg-body-tertiary" aria-labelledby="welcome-students">
        <Container>
          <h2 id="welcome-students" className="fw-bold">
            Relied upon by Students
          </h2>
          <p className="lead text-body-secondary mb-4">
            Vellum began in 2010 as a free student notes app, and students and teachers are still at its
            heart.
          </p>
          <Row className="g-4 align-items-stretch">
            {STUDENTS.map(({ title, text }) => (
              <Col md={6} lg={4} key={title}>
                <Card className="h-100">
                  <Card.Body>
                    <h3 className="h5">{title}</h3>
                    <p className="mb-0">{text}</p>
                  </Card.Body>
                </Card>
              </Col>
            ))}
            <Col lg={4}>
              <figure className="h-100 mb-0 p-4 bg-body rounded border">
                <blockquote className="blockquote fs-6 mb-3">
                  <p className="mb-0">
                    “Every prompt that finally made a reaction mechanism click for me is in one vellum, right
                    next to my lecture notes. Before an exam I open it and revise — no digging through old
                    chats.”
                  </p>
                </blockquote>
                <figcaption className="d-flex align-items-center gap-2 mb-0">
                  <InitialsAvatar name="Mira Sandoval" size={40} />
                  <span>
                    <span className="d-block fw-semibold">Mira Sandoval</span>
                    <span className="small text-body-secondary">Third-year chemistry student</span>
                  </span>
                </figcaption>
              </figure>
            </Col>
          </Row>
        </Container>
      </section>
    </div>
  );
}
