import { Link } from 'react-router-dom';
import { paths } from '@vellum/ui/core';
import { HallSection } from './HallSection';
import { hallApi, hallKeys } from './hallApi';
import { hallTexts, longDate } from './hallTexts';
import { topVellums } from './selectRows';
import { useSection } from './useSection';
import { VellumRow } from './VellumRow';

/** My five most recently edited vellums, public or not; empty, it offers a new one. */
export function RecentVellums({ username }: { username: string }) {
  const state = useSection(hallKeys.myVellums(username), () => hallApi.myVellums(username), topVellums);
  return (
    <HallSection
      id="recent"
      texts={hallTexts.recent}
      more={paths.vellums(username)}
      state={state}
      emptyAction={
        <Link to={paths.newVellum()} className="btn btn-sm btn-info">
          {hallTexts.newVellum}
        </Link>
      }
      row={(v) => ({
        key: v.i,
        content: <VellumRow vellum={v} detail={longDate(v.last_edited)} />,
      })}
    />
  );
}
