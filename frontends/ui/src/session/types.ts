/** The signed-in user as GET /api/sc returns it. */
export interface SignedCirrus {
  i: string;
  username: string;
  displayName: string;
  image?: string | null;
  name: string;
  first_name: string;
  last_name: string;
  isAdmin?: boolean;
}

export interface SessionState {
  signedCirrus: SignedCirrus | null;
  authenticated: boolean;
}
