import { Invalid } from '@vellum/platform';
import { SCORE_LEVELS, vellumMessages, type ScoreLevel, type ScoreResponse } from '@vellum/proto';

/** Levels are stored and summed as bad 1, good 2, excellent 3. */
export const levelValue = (level: ScoreLevel): number => SCORE_LEVELS.indexOf(level) + 1;
export const levelName = (value: number): ScoreLevel => SCORE_LEVELS[value - 1]!;

export const isScoreLevel = (value: string): value is ScoreLevel =>
  (SCORE_LEVELS as readonly string[]).includes(value);

/** A level from the path (bad, good, excellent); anything else is refused. */
export function scoreLevelOf(value: string): ScoreLevel {
  if (!isScoreLevel(value)) throw new Invalid(vellumMessages.badScoreLevel);
  return value;
}

const STYLE: Record<ScoreLevel, ScoreResponse['scoreStyle']> = {
  bad: 'danger',
  good: 'primary',
  excellent: 'success',
};

/**
 * The score of a vellum from its ratings: nothing shows until `required` people rated it; then the average (1 to 3)
 * is rounded to the nearest level, halves up (1.5 is good, 2.5 excellent).
 */
export function scoreOf(
  totals: { count: number; sum: number },
  required: number,
  myRating: number | null,
): ScoreResponse {
  const ratingsRequired = Math.max(0, required - totals.count);
  const score =
    ratingsRequired > 0 || totals.count === 0
      ? null
      : levelName(Math.min(3, Math.max(1, Math.floor(totals.sum / totals.count + 0.5))));
  return {
    score,
    scoreStyle: score ? STYLE[score] : 'secondary',
    ratingsRequired,
    ratings: totals.count,
    myRating: myRating === null ? null : levelName(myRating),
  };
}
