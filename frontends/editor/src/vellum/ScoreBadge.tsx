import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SCORE_LEVELS, type ScoreLevel, type ScoreResponse } from '@vellum/proto/api';
import { Badge, Button, Modal, useAuthModals, useSession } from '@vellum/ui';
import { queryKeys, vellumApi } from '../api/vellumApi';
import { texts } from '../texts';

const LEVEL_VARIANTS: Record<ScoreLevel, 'danger' | 'primary' | 'success'> = {
  bad: 'danger',
  good: 'primary',
  excellent: 'success',
};

export function scoreLabel(score: ScoreResponse): string {
  return score.score ? texts.scoreLevels[score.score] : texts.notRatedYet(score.ratingsRequired);
}

/** Score failures are only logged (spec section 8): the badge then stays away. */
async function loadScore(id: string): Promise<ScoreResponse | null> {
  try {
    return await vellumApi.score(id);
  } catch (error) {
    console.warn('Could not load the score', error);
    return null;
  }
}

/**
 * The score badge of a public vellum (spec sections 2, 4 and 6): fetched only when the vellum is public. A visitor
 * clicking it gets the sign-in modal; a signed-in reader rates it; its owner only sees it.
 */
export function ScoreBadge({ vellumId, isOwner }: { vellumId: string; isOwner: boolean }) {
  const { signedCirrus } = useSession();
  const authModals = useAuthModals();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(false);
  const [busy, setBusy] = useState(false);
  const score = useQuery({
    queryKey: queryKeys.score(vellumId),
    queryFn: () => loadScore(vellumId),
    staleTime: 0,
  });
  if (!score.data) return null;
  const label = scoreLabel(score.data);

  if (isOwner) {
    return (
      <Badge bg={score.data.scoreStyle} data-testid="score-badge">
        {label}
      </Badge>
    );
  }

  const rate = async (level: ScoreLevel) => {
    setBusy(true);
    try {
      await vellumApi.rate(vellumId, level);
    } catch (error) {
      console.warn('Could not rate the Vellum', error);
    } finally {
      setBusy(false);
      setRating(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.score(vellumId) });
    }
  };

  return (
    <>
      <button
        type="button"
        className={`badge text-bg-${score.data.scoreStyle} border-0`}
        data-testid="score-badge"
        aria-label={`${label}. ${texts.scoreQuestion}`}
        onClick={() => (signedCirrus ? setRating(true) : authModals.openSignIn({ next: pathname }))}
      >
        {label}
      </button>
      <Modal show={rating} onHide={() => setRating(false)} centered aria-labelledby="vellum-score-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="vellum-score-title">
            {texts.scoreQuestion}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex justify-content-center gap-2">
          {SCORE_LEVELS.map((level) => (
            <Button
              key={level}
              variant={
                score.data?.myRating === level ? LEVEL_VARIANTS[level] : `outline-${LEVEL_VARIANTS[level]}`
              }
              disabled={busy}
              onClick={() => void rate(level)}
            >
              {texts.scoreLevels[level]}
            </Button>
          ))}
        </Modal.Body>
      </Modal>
    </>
  );
}
