import { randomUUID } from 'node:crypto';
import {
  CirrusCreatedSchema,
  CirrusProfileChangedSchema,
  CirrusSignedInSchema,
  CirrusVerifiedSchema,
  create,
  decodePayload,
  EnvelopeSchema,
  EnvelopeTypeMismatchError,
  packEnvelope,
  timestampDate,
  timestampFromDate,
  toBinary,
  Topics,
  unpackEnvelope,
} from '@vellum/proto';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('topics', () => {
  it('names the identity cirrus topic', () => {
    expect(Topics.identityCirrus).toBe('identity.cirrus.v1');
  });
});

describe('event type names', () => {
  it('are fully qualified', () => {
    expect(EnvelopeSchema.typeName).toBe('vellum.events.v1.Envelope');
    expect(CirrusCreatedSchema.typeName).toBe('vellum.identity.v1.CirrusCreated');
    expect(CirrusVerifiedSchema.typeName).toBe('vellum.identity.v1.CirrusVerified');
    expect(CirrusSignedInSchema.typeName).toBe('vellum.identity.v1.CirrusSignedIn');
    expect(CirrusProfileChangedSchema.typeName).toBe('vellum.identity.v1.CirrusProfileChanged');
  });
});

describe('packEnvelope / unpackEnvelope / decodePayload', () => {
  const cirrusId = randomUUID();
  const createdAt = new Date('2024-10-01T12:34:56.789Z');
  const created = {
    cirrusId,
    username: "o'neil.j-x",
    email: 'jo@example.com',
    firstName: 'Zoë',
    lastName: "O'Neil",
    displayName: "Zoë O'Neil",
    createdAt: timestampFromDate(createdAt),
  };

  it('round-trips every envelope field and the payload', () => {
    const id = randomUUID();
    const occurredAt = new Date('2024-10-01T12:34:57.001Z');
    const bytes = packEnvelope({
      id,
      producer: 'identity',
      aggregateId: cirrusId,
      traceparent: TRACEPARENT,
      occurredAt,
      payloadSchema: CirrusCreatedSchema,
      payload: created,
    });
    expect(bytes).toBeInstanceOf(Uint8Array);

    const envelope = unpackEnvelope(bytes);
    expect(envelope.id).toBe(id);
    expect(envelope.type).toBe('vellum.identity.v1.CirrusCreated');
    expect(envelope.producer).toBe('identity');
    expect(envelope.aggregateId).toBe(cirrusId);
    expect(envelope.traceparent).toBe(TRACEPARENT);
    expect(timestampDate(envelope.occurredAt!).toISOString()).toBe(occurredAt.toISOString());

    const payload = decodePayload(envelope, CirrusCreatedSchema);
    expect(payload).toEqual(create(CirrusCreatedSchema, created));
    expect(timestampDate(payload.createdAt!).toISOString()).toBe(createdAt.toISOString());
  });

  it('accepts a created message as payload and an explicit matching type', () => {
    const payload = create(CirrusSignedInSchema, {
      cirrusId,
      username: 'jo',
      signedInAt: timestampFromDate(new Date()),
    });
    const envelope = unpackEnvelope(
      packEnvelope({
        id: randomUUID(),
        type: 'vellum.identity.v1.CirrusSignedIn',
        producer: 'identity',
        aggregateId: cirrusId,
        payloadSchema: CirrusSignedInSchema,
        payload,
      }),
    );
    expect(decodePayload(envelope, CirrusSignedInSchema)).toEqual(payload);
  });

  it('defaults traceparent to empty and occurredAt to now', () => {
    const before = Date.now();
    const envelope = unpackEnvelope(
      packEnvelope({
        id: randomUUID(),
        producer: 'identity',
        aggregateId: cirrusId,
        payloadSchema: CirrusVerifiedSchema,
        payload: { cirrusId, username: 'jo' },
      }),
    );
    const after = Date.now();
    expect(envelope.traceparent).toBe('');
    const at = timestampDate(envelope.occurredAt!).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });

  it('round-trips a profile change with unicode and empty fields', () => {
    const change = {
      cirrusId,
      username: 'jo',
      displayName: 'Jö 🦊',
      firstName: 'Jö',
      lastName: '',
      image: '',
      location: 'Zürich, CH',
      summary: 'Пишу заметки',
    };
    const envelope = unpackEnvelope(
      packEnvelope({
        id: randomUUID(),
        producer: 'identity',
        aggregateId: cirrusId,
        payloadSchema: CirrusProfileChangedSchema,
        payload: change,
      }),
    );
    expect(decodePayload(envelope, CirrusProfileChangedSchema)).toEqual(
      create(CirrusProfileChangedSchema, change),
    );
  });

  it('refuses to decode a payload as another type, with a clear error', () => {
    const id = randomUUID();
    const envelope = unpackEnvelope(
      packEnvelope({
        id,
        producer: 'identity',
        aggregateId: cirrusId,
        payloadSchema: CirrusCreatedSchema,
        payload: created,
      }),
    );
    expect(() => decodePayload(envelope, CirrusVerifiedSchema)).toThrow(EnvelopeTypeMismatchError);
    expect(() => decodePayload(envelope, CirrusVerifiedSchema)).toThrow(
      `Envelope ${id} carries vellum.identity.v1.CirrusCreated, not vellum.identity.v1.CirrusVerified`,
    );
    try {
      decodePayload(envelope, CirrusVerifiedSchema);
    } catch (err) {
      expect(err).toMatchObject({
        envelopeId: id,
        actual: 'vellum.identity.v1.CirrusCreated',
        expected: 'vellum.identity.v1.CirrusVerified',
      });
    }
  });

  it('refuses a type that does not match the payload schema when packing', () => {
    expect(() =>
      packEnvelope({
        id: randomUUID(),
        type: 'vellum.identity.v1.CirrusVerified',
        producer: 'identity',
        aggregateId: cirrusId,
        payloadSchema: CirrusCreatedSchema,
        payload: created,
      }),
    ).toThrow(
      'packEnvelope: type vellum.identity.v1.CirrusVerified does not match the payload schema vellum.identity.v1.CirrusCreated',
    );
  });

  it('refuses a non-uuid id and empty producer or aggregate id', () => {
    const base = {
      producer: 'identity',
      aggregateId: cirrusId,
      payloadSchema: CirrusCreatedSchema,
      payload: created,
    };
    expect(() => packEnvelope({ ...base, id: 'evt-1' })).toThrow(
      "packEnvelope: id must be a uuid, got 'evt-1'",
    );
    expect(() => packEnvelope({ ...base, id: randomUUID(), producer: '' })).toThrow(
      'packEnvelope: producer is required',
    );
    expect(() => packEnvelope({ ...base, id: randomUUID(), aggregateId: '' })).toThrow(
      'packEnvelope: aggregateId is required',
    );
  });

  it('refuses bytes that are not an envelope', () => {
    expect(() => unpackEnvelope(new Uint8Array([0xff, 0xff, 0xff]))).toThrow();
    // A valid message of another kind parses as an envelope without id and type.
    const notEnvelope = toBinary(CirrusVerifiedSchema, create(CirrusVerifiedSchema, { username: 'jo' }));
    expect(() => unpackEnvelope(notEnvelope)).toThrow(
      'unpackEnvelope: not an event envelope (id or type missing)',
    );
    expect(() => unpackEnvelope(new Uint8Array())).toThrow('unpackEnvelope: not an event envelope');
  });
});
