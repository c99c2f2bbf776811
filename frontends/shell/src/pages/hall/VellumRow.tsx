import { Link } from 'react-router-dom';
import type { VellumListItem } from '@vellum/proto/api';
import { paths } from '@vellum/ui/core';
import { hallTexts } from './hallTexts';

/** A vellum's title linking to it, and a line under it (when it was edited, who wrote it). */
export function VellumRow({ vellum, detail }: { vellum: VellumListItem; detail: string }) {
  return (
    <>
      <Link to={paths.vellum(vellum.i)} className="d-block text-truncate">
        {vellum.title || <span className="fst-italic">{hallTexts.untitled}</span>}
      </Link>
      <span className="small text-secondary">{detail}</span>
    </>
  );
}
