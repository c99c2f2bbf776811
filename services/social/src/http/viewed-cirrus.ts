import { NotFound, type Queryable } from '@vellum/platform';
import { socialMessages } from '@vellum/proto';
import { directoryStore, type DirectoryEntry } from '../store/directory-store';

/** The public cirrus a route is about; unknown and unverified ones are Not Found (spec: 'Cirrus load fails'). */
export async function viewedCirrus(q: Queryable, username: string): Promise<DirectoryEntry> {
  const cirrus = await directoryStore.visible(q, username);
  if (!cirrus) throw new NotFound(socialMessages.cirrusNotFound);
  return cirrus;
}
