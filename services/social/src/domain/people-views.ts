import type { FollowerEntry, FollowingEntry, FollowStatus, SearchResult } from '@vellum/proto';
import type { DirectoryEntry } from '../store/directory-store';
import type { PersonRow } from '../store/follow-store';
import type { SearchRow } from '../store/search-store';

// The answers' shapes, as spec section 3 gives them.

export const followerEntry = (row: PersonRow): FollowerEntry => ({
  _doc: { i: row.id, username: row.username },
  image: row.image,
  display_name: row.display_name,
});

export const followingEntry = (row: PersonRow): FollowingEntry => ({
  i: row.id,
  username: row.username,
  image: row.image,
  display_name: row.display_name,
});

export const searchResult = (row: SearchRow): SearchResult => ({
  username: row.username,
  display_name: row.display_name,
});

export const followStatus = (cirrus: DirectoryEntry, following: boolean): FollowStatus => ({
  following,
  followers: cirrus.followers,
  followingCount: cirrus.following,
});
