import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useTitle } from '@vellum/ui/core';
import { InitialsAvatar } from './InitialsAvatar';

/** The people behind Vellum (fictional). */
export const TEAM = [
  {
    name: 'Hanna Lindqvist',
    role: 'Co-founder, product',
    bio: 'Wrote the first version of the notes app in her second year at university and still reads every piece of feedback.',
  },
  {
    name: 'Tomasz Wierzbicki',
    role: 'Co-founder, engineering',
    bio: 'Keeps the editor fast and your vellums safe, from the first keystroke to the nightly backup.',
  },
  {
    name: 'Adaeze Nwosu',
    role: 'Design',
    bio: 'Makes sure Vellum reads well on a phone on a crowded bus as much as on a large screen.',
  },
  {
    name: 'Rafael Quintero',
    role: 'Infrastructure',
    bio: 'Runs the servers, the backups and the late-night upgrades nobody notices.',
  },
  {
    name: 'Mei Takahashi',
    role: 'Editor and sharing',
    bio: 'Builds tables, task lists and the ways vellums travel between people, from ratings to conversation vellums.',
  },
  {
    name: 'Oskar Brandt',
    role: 'Community and support',
    bio: 'Answers your questions, looks after the Community Rules and passes your ideas on to the team.',
  },
];

/** About (/about): the story and the team. */
export default function AboutPage() {
  useTitle('About');
  return (
    <Container as="article" className="py-5">
      <Row className="justify-content-center">
        <Col lg={9}>
          <h1 className="fw-bold mb-4">About Vellum</h1>

          <section aria-labelledby="about-story" className="mb-5">
            <h2 id="about-story" className="h3">
              Our story
            </h2>
            <p className="lead">
              Vellum began in 2010 as a free student notes app: a few students who wanted one place for
              lecture notes that did not get lost between laptops, phones and library computers.
            </p>
            <p>
              Classmates started sharing their notes, so notes could be made public and rated. Teachers
              followed their students, so we added follows and a way to send each other action requests. Lists
              of things to do became actions with a priority — High, Medium or Low — and conversations got
              their own messenger, with a private vellum that two people can keep together.
            </p>
            <p>
              Over the years writers, entrepreneurs, researchers and engineers joined the students and
              teachers. Many of them now use Vellum to keep the prompts they write for chat-style AI tools,
              next to the results they got and the notes they made. A vellum still is what it was on the first
              day: your text, kept safe, private until you choose to share it.
            </p>
          </section>

          <section aria-labelledby="about-team">
            <h2 id="about-team" className="h3 mb-3">
              The team
            </h2>
            <Row xs={1} sm={2} lg={3} className="g-4">
              {TEAM.map(({ name, role, bio }) => (
                <Col key={name}>
                  <Card className="h-100 text-center">
                    <Card.Body>
                      <InitialsAvatar name={name} size={72} />
                      <h3 className="h5 mt-3 mb-1">{name}</h3>
                      <p className="small text-body-secondary mb-2">{role}</p>
                      <p className="small mb-0">{bio}</p>
                    </Card.Body>
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        </Col>
      </Row>
    </Container>
  );
}
