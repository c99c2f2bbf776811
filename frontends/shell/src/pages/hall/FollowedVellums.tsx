import { paths } from '@vellum/ui/core';
import { HallSection } from './HallSection';
import { hallApi, hallKeys } from './hallApi';
import { hallTexts, longDate } from './hallTexts';
import { topVellums } from './selectRows';
import { useSection } from './useSection';
import { VellumRow } from './VellumRow';

/** The newest public vellums of the cirri I follow, with their authors. */
export function FollowedVellums({ username }: { username: string }) {
  const state = useSection(hallKeys.followedVellums(username), hallApi.followedVellums, topVellums);
  return (
    <HallSection
      id="followed"
      texts={hallTexts.followed}
      more={paths.discover()}
      state={state}
      row={(v) => ({
        key: v.i,
        content: (
          <VellumRow
            vellum={v}
            detail={`${v.owned_by_cirrus.display_name || v.owned_by_cirrus.username} · ${longDate(v.last_edited)}`}
          />
        ),
      })}
    />
  );
}
