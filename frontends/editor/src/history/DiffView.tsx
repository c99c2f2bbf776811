import { useMemo } from 'react';
import { texts } from '../texts';
import { diffDocuments, type BlockChange } from './documentDiff';

const BLOCK_CLASS = {
  same: '',
  added: ' diff-added',
  removed: ' diff-removed',
  changed: ' diff-changed',
} as const;

/** One block: its kind for screen readers and at a glance, additions in <ins>, removals in <del>. */
function ChangedBlock({ change }: { change: BlockChange }) {
  const mark = change.op === 'added' ? texts.added : change.op === 'removed' ? texts.removed : null;
  return (
    <li className={`diff-block${BLOCK_CLASS[change.op]}`} data-op={change.op}>
      <span className="diff-kind small">
        {change.kind}
        {mark ? ` · ${mark}` : null}
      </span>
      <div className="diff-text text-break">
        {change.op === 'changed' ? (
          change.words.map((word, i) =>
            word.op === 'added' ? (
              <ins key={i} aria-label={`${texts.added}: ${word.text}`}>
                {word.text}
              </ins>
            ) : word.op === 'removed' ? (
              <del key={i} aria-label={`${texts.removed}: ${word.text}`}>
                {word.text}
              </del>
            ) : (
              <span key={i}>{word.text}</span>
            ),
          )
        ) : change.op === 'added' ? (
          <ins>{change.text}</ins>
        ) : change.op === 'removed' ? (
          <del>{change.text}</del>
        ) : (
          change.text
        )}
      </div>
    </li>
  );
}

/** What changed from a version (`before`) to the current text (`after`), block by block; text only, never HTML. */
export function DiffView({
  before,
  after,
}: {
  before: { title: string; text: string };
  after: { title: string; text: string };
}) {
  const changes = useMemo(() => diffDocuments(before.text, after.text), [before.text, after.text]);
  const nothing = before.title === after.title && changes.every((c) => c.op === 'same');
  return (
    <div className="vellum-diff" data-testid="version-diff">
      {before.title !== after.title ? (
        <p className="fw-semibold">{texts.titleChange(before.title, after.title)}</p>
      ) : null}
      {nothing ? <p className="text-secondary">{texts.noChanges}</p> : null}
      <ol className="list-unstyled mb-0" aria-label={texts.changesSince}>
        {changes.map((change, i) => (
          <ChangedBlock key={i} change={change} />
        ))}
      </ol>
    </div>
  );
}
