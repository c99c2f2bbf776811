/** Kafka topics, one per producing aggregate; the message key is the aggregate id. */
export const Topics = {
  /** identity's cirrus events: vellum.identity.v1.Cirrus* (key: cirrus id). */
  identityCirrus: 'identity.cirrus.v1',
  /** vellum's vellum events: vellum.vellum.v1.Vellum* (key: vellum id). */
  vellumVellum: 'vellum.vellum.v1',
  /** social's follow events: vellum.social.v1.CirrusFollowed / CirrusUnfollowed (key: followee id). */
  socialFollow: 'social.follow.v1',
  /** action's events: vellum.action.v1.Action* (key: owner id, the cirrus whose list the action is on). */
  actionAction: 'action.action.v1',
  /** link's page events: vellum.link.v1.LinkPageChanged / LinkClicked (key: owner id, the cirrus whose page it is). */
  linkPage: 'link.page.v1',
  /** messaging's events: vellum.messaging.v1.ConversationStarted / MessageSent (key: conversation id). */
  messagingMessage: 'messaging.message.v1',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
