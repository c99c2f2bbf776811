const seg = (value: string) => encodeURIComponent(value);

/** The spec's named routes (section 2) as clean paths, for the shell and every remote. */
export const paths = {
  welcome: () => '/',
  hall: () => '/hall',
  messenger: () => '/messenger',
  chat: (conversation: string) => `/messenger/${seg(conversation)}`,
  conversationVellum: (conversation: string, username: string) =>
    `/messenger/${seg(conversation)}/${seg(username)}`,
  cirrus: (cirrus: string) => `/cirrus/${seg(cirrus)}`,
  editCirrus: (cirrus: string) => `/cirrus/${seg(cirrus)}/edit`,
  vellums: (cirrus: string) => `/cirrus/${seg(cirrus)}/vellums`,
  publicVellums: (cirrus: string) => `/cirrus/${seg(cirrus)}/vellums/public`,
  actions: (cirrus: string) => `/cirrus/${seg(cirrus)}/actions`,
  newAction: (cirrus: string) => `/cirrus/${seg(cirrus)}/actions?new=1`,
  followers: (cirrus: string) => `/cirrus/${seg(cirrus)}/followers`,
  following: (cirrus: string) => `/cirrus/${seg(cirrus)}/following`,
  link: (link: string) => `/link/${seg(link)}`,
  vellum: (id: string) => `/vellum/${seg(id)}`,
  newVellum: () => '/new-vellum',
  discover: () => '/vellums',
  search: () => '/search',
  passwordReset: () => '/password-reset',
  verificationRequest: () => '/verification/email',
  about: () => '/about',
  info: (page: 'about' | 'version' | 'start' | 'support' | 'privacy') => `/vellum/${page}`,
  terms: () => '/terms',
  rules: () => '/rules',
  privacy: () => '/privacy',
  russian: () => '/russian',
} as const;
