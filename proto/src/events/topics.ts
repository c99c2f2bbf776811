/** Kafka topics, one per producing aggregate; the message key is the aggregate id. */
export const Topics = {
  /** identity's cirrus events: vellum.identity.v1.Cirrus* (key: cirrus id). */
  identityCirrus: 'identity.cirrus.v1',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
