import { randomUUID } from 'node:crypto';
import {
  eventMessage,
  type BusMessage,
  type EventBus,
  type ParkedEventStore,
  UncarriedEventsError,
} from '@vellum/platform';
import { cirriProjectionCases, eventually, publishedByStore } from '@vellum/platform/test-support';
import { LINK_DEFAULT_COLORS, LinkClickedSchema, LinkPageChangedSchema, Topics } from '@vellum/proto';
import { cirriProjection } from '../../src/events/cirri-projection';
import type { LinkRepository, LinkStore } from '../../src/service';
import { unitWrites } from './unit-writes';
import type { StoredPage } from '../../src/store/link-repository';
import { CLICK_NUMBERS_KEPT } from '../../src/store/mongo-link-repository';

/** One adapter under test: the repository, relays that publish its pending events to `bus`, and its teardown. */
export interface RepositoryUnderTest {
  pages: LinkRepository;
  /** The use cases' write boundary over the same store. */
  unitOfWork: LinkStore['unitOfWork'];
  /** A relay of the adapter's outbox to `bus`; `flush` publishes everything pending now. */
  relay(bus: EventBus): { flush(): Promise<number> };
  /** Where the adapter's consumers park the events they keep failing on. */
  parked: ParkedEventStore;
  /** How many click records (rows, documents) the store keeps for the owner: what a flood of clicks could grow. */
  clickRecords(ownerId: string): Promise<number>;
  close(): Promise<void>;
}

const at = new Date('2026-03-01T10:00:00Z');

const event = (page: StoredPage) =>
  eventMessage('link', {
    topic: Topics.linkPage,
    aggregateId: page.ownerId,
    payloadSchema: LinkPageChangedSchema,
    payload: { ownerId: page.ownerId, version: page.version },
    occurredAt: at,
  });

const clicked = (ownerId: string, linkId: string) =>
  eventMessage('link', {
    topic: Topics.linkPage,
    aggregateId: ownerId,
    payloadSchema: LinkClickedSchema,
    payload: { ownerId, linkId },
    occurredAt: at,
  });

const link = (label: string, position: number) => ({
  id: randomUUID(),
  label,
  url: `https://example.com/${label}`,
  position,
});

/**
 * The contract of `LinkRepository`, run against every adapter (PGlite, Postgres, MongoDB's protocol): what the
 * use cases rely on, and the outbox's promise that a change's events are stored with it and published.
 */
export function repositoryContract(open: () => Promise<RepositoryUnderTest>): void {
  let t: RepositoryUnderTest;
  const writes = () => unitWrites(t);
  let bus: EventBus;
  const published = publishedByStore(open, Topics.linkPage, (opened, b) => void ([t, bus] = [opened, b]));

  const owner = () => {
    const id = randomUUID();
    return { id, username: `Ada.${id.slice(0, 8)}` };
  };

  cirriProjectionCases(() => ({
    store: t.pages,
    parked: t.parked,
    projection: cirriProjection,
    read: (id) => t.pages.byOwner(id),
  }));

  it('creates an empty page with the default colours once, and finds it by owner and any-case username', async () => {
    const ada = owner();
    const page = (await t.pages.ensure(ada))!;
    expect(page).toEqual({
      ownerId: ada.id,
      username: ada.username,
      displayName: '',
      image: '',
      colors: LINK_DEFAULT_COLORS,
      links: [],
      version: 0,
      verified: true,
    });
    expect(await t.pages.ensure(ada)).toEqual(page);
    expect(await t.pages.byOwner(ada.id)).toEqual(page);
    expect(await t.pages.byUsername(ada.username.toUpperCase())).toEqual(page);
    expect(await t.pages.byUsername('nobody.here')).toBeNull();
    expect(await t.pages.byOwner(randomUUID())).toBeNull();
  });

  it('replaces links and colours only at the expected version, with its events, and finds a page by link', async () => {
    const ada = owner();
    const v0 = (await t.pages.ensure(ada))!;
    const [a, b] = [link('a', 0), link('b', 1)];
    const v1: StoredPage = {
      ...v0,
      links: [a, b],
      colors: { ...v0.colors, linkItemFontColor: '#000000' },
      version: 1,
    };
    const first = event(v1);
    expect(await writes().replace(v1, 0, [first], at)).toBe(true);
    expect(await t.pages.byOwner(ada.id)).toEqual(v1);
    expect(await t.pages.byLink(b.id)).toEqual(v1);
    expect(await t.pages.byLink(randomUUID())).toBeNull();

    // A writer that read version 0 too loses, and its events are not stored.
    const stale = { ...v0, links: [link('c', 0)], version: 1 };
    const lost = event(stale);
    expect(await writes().replace(stale, 0, [lost], at)).toBe(false);
    expect(await t.pages.byOwner(ada.id)).toEqual(v1);

    await t.relay(bus).flush();
    await eventually(() => published.some((m) => m.id === first.id) || undefined);
    expect(published.filter((m) => m.id === first.id)).toEqual([first]);
    expect(published.some((m) => m.id === lost.id)).toBe(false);
  });

  it('refuses a unit of work whose events no write carried, storing none of them', async () => {
    const ada = owner();
    const v0 = (await t.pages.ensure(ada))!;
    const orphan = event({ ...v0, version: 1 });
    await expect(
      t.unitOfWork(async (unit) => {
        unit.publish(orphan);
      }),
    ).rejects.toThrow(UncarriedEventsError);
    // Published after the write took the unit's events: nothing carries it either.
    const late = event({ ...v0, version: 1 });
    const v1 = { ...v0, links: [link('a', 0)], version: 1 };
    await expect(
      t.unitOfWork(async (unit) => {
        await unit.pages.replace(v1, 0, at);
        unit.publish(late);
      }),
    ).rejects.toThrow(UncarriedEventsError);
    // (Postgres rolled that unit back; MongoDB kept its write, made as the unit's last step.) A later change's events
    // are published; the uncarried ones never are.
    const now = (await t.pages.byOwner(ada.id))!;
    const next = { ...now, links: [link('m', 0)], version: now.version + 1 };
    const marker = event(next);
    expect(await writes().replace(next, now.version, [marker], at)).toBe(true);
    await t.relay(bus).flush();
    await eventually(() => published.some((m) => m.id === marker.id) || undefined);
    expect(published.some((m) => m.id === orphan.id || m.id === late.id)).toBe(false);
  });

  it('lets exactly one of many writers of the same version win', async () => {
    const page = (await t.pages.ensure(owner()))!;
    const tries = Array.from({ length: 8 }, (_, i) => ({ ...page, links: [link(`l${i}`, 0)], version: 1 }));
    const won = await Promise.all(tries.map((next) => writes().replace(next, 0, [event(next)], at)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await t.pages.byOwner(page.ownerId))!.links).toEqual(tries[won.indexOf(true)]!.links);
  });

  it('publishes every stored event in order, at least once, with two relays at work, and keeps none pending', async () => {
    const ada = owner();
    let page = (await t.pages.ensure(ada))!;
    const events: BusMessage[] = [];
    for (let v = 1; v <= 6; v++) {
      const next = { ...page, links: [link(`v${v}`, 0)], version: v };
      const e = event(next);
      expect(await writes().replace(next, v - 1, [e], at)).toBe(true);
      events.push(e);
      page = next;
      // Two relays race while writes go on.
      if (v % 2 === 0) await Promise.all([t.relay(bus).flush(), t.relay(bus).flush()]);
    }
    await t.relay(bus).flush();
    const ids = events.map((e) => e.id);
    const seen = await eventually(() => {
      const mine = published.filter((m) => m.key === ada.id).map((m) => m.id);
      return ids.every((id) => mine.includes(id)) ? mine : undefined;
    });
    // Duplicates may happen (at least once); the first delivery of each keeps the page's order.
    expect([...new Set(seen)]).toEqual(ids);
    expect(await t.relay(bus).flush()).toBe(0);
  });

  it("applies identity's word on a cirrus once per event, creating or updating the page", async () => {
    const id = randomUUID();
    const created = randomUUID();
    expect(await t.pages.applyCirrus(created, { id, username: 'Bea.One', displayName: 'Bea One' })).toBe(
      true,
    );
    expect(await t.pages.byUsername('bea.one')).toMatchObject({
      ownerId: id,
      username: 'Bea.One',
      displayName: 'Bea One',
      image: '',
      links: [],
      colors: LINK_DEFAULT_COLORS,
    });
    const v1 = { ...(await t.pages.byOwner(id))!, links: [link('x', 0)], version: 1 };
    expect(await writes().replace(v1, 0, [], at)).toBe(true);

    const changed = randomUUID();
    const profile = { id, username: 'Bea.Two', displayName: 'Bea Two', image: 'https://example.com/bea.png' };
    expect(await t.pages.applyCirrus(changed, profile)).toBe(true);
    // The same events again change nothing, even though they say something else now.
    expect(await t.pages.applyCirrus(changed, { ...profile, displayName: 'Replayed' })).toBe(false);
    expect(await t.pages.applyCirrus(created, { id, username: 'Bea.One', displayName: 'Bea One' })).toBe(
      false,
    );
    expect(await t.pages.byOwner(id)).toEqual({
      ...v1,
      username: 'Bea.Two',
      displayName: 'Bea Two',
      image: profile.image,
    });
    expect(await t.pages.byUsername('bea.one')).toBeNull();
    // An event without an image keeps the one known.
    expect(await t.pages.applyCirrus(randomUUID(), { id, username: 'Bea.Two', displayName: 'B' })).toBe(true);
    expect((await t.pages.byOwner(id))!.image).toBe(profile.image);
  });

  it('applies identity events again, in order, once it forgot the applied ones (a replay), and the links stay', async () => {
    const id = randomUUID();
    const events = [
      { eventId: randomUUID(), cirrus: { id, username: 'Cy.One', displayName: 'Cy' } },
      {
        eventId: randomUUID(),
        cirrus: { id, username: 'Cy.Two', displayName: 'Cy Two', image: 'https://example.com/c.png' },
      },
    ];
    for (const e of events) expect(await t.pages.applyCirrus(e.eventId, e.cirrus)).toBe(true);
    const v1 = { ...(await t.pages.byOwner(id))!, links: [link('y', 0)], version: 1 };
    expect(await writes().replace(v1, 0, [], at)).toBe(true);
    const live = await t.pages.byOwner(id);

    await t.pages.forgetAppliedCirri();
    for (const e of events) expect(await t.pages.applyCirrus(e.eventId, e.cirrus)).toBe(true);
    expect(await t.pages.byOwner(id)).toEqual(live);
    expect(await t.pages.applyCirrus(events[1]!.eventId, events[1]!.cirrus)).toBe(false);
  });

  it('keeps whether the email is verified: false from sign-up, true from CirrusVerified or a signed-in owner', async () => {
    const [uma, ada] = [owner(), owner()];
    await t.pages.applyCirrus(randomUUID(), { ...uma, displayName: 'Uma L' });
    expect((await t.pages.byUsername(uma.username))!.verified).toBe(false);
    await t.pages.applyCirrus(randomUUID(), { ...uma, verified: true });
    const verified = (await t.pages.byOwner(uma.id))!;
    expect([verified.verified, verified.displayName]).toEqual([true, 'Uma L']);
    // A later profile change never takes it back.
    await t.pages.applyCirrus(randomUUID(), { ...uma, displayName: 'Uma M', image: '' });
    expect((await t.pages.byOwner(uma.id))!.verified).toBe(true);
    // The owner's own call before identity's events arrive: they signed in, so they are verified.
    expect((await t.pages.ensure(ada))!.verified).toBe(true);
    await t.pages.applyCirrus(randomUUID(), { ...ada, displayName: 'Ada L' });
    expect((await t.pages.byOwner(ada.id))!.verified).toBe(true);
  });

  const click = (ownerId: string, linkId: string, day: string, events: BusMessage[] = []) =>
    writes().countClick({ ownerId, linkId, day }, events, at);

  it('counts clicks per link and UTC day, concurrently, and reads them from a day on', async () => {
    const ada = owner();
    const [a, b] = [randomUUID(), randomUUID()];
    await Promise.all(Array.from({ length: 5 }, () => click(ada.id, a, '2026-02-27')));
    await click(ada.id, a, '2026-03-01');
    await click(ada.id, b, '2026-03-01');
    await click(randomUUID(), b, '2026-03-02');
    expect(await t.pages.clicks(ada.id, '2026-02-01')).toEqual([
      { linkId: a, day: '2026-02-27', count: 5 },
      ...[
        { linkId: a, day: '2026-03-01', count: 1 },
        { linkId: b, day: '2026-03-01', count: 1 },
      ].sort((x, y) => x.linkId.localeCompare(y.linkId)),
    ]);
    expect(await t.pages.clicks(ada.id, '2026-02-28')).toHaveLength(2);
  });

  it('stores each click with its event, concurrently, and publishes every one exactly once per id, none pending', async () => {
    const ada = owner();
    const linkId = randomUUID();
    const events = Array.from({ length: 6 }, () => clicked(ada.id, linkId));
    await Promise.all(events.map((e) => click(ada.id, linkId, '2026-03-01', [e])));
    expect(await t.pages.clicks(ada.id, '2026-03-01')).toEqual([{ linkId, day: '2026-03-01', count: 6 }]);

    // Two relays race; delivery is at least once, so each id is there, and nothing is left to publish after.
    await Promise.all([t.relay(bus).flush(), t.relay(bus).flush()]);
    await t.relay(bus).flush();
    const ids = events.map((e) => e.id).sort();
    const seen = await eventually(() => {
      const mine = [...new Set(published.filter((m) => m.key === ada.id).map((m) => m.id))].sort();
      return ids.every((id) => mine.includes(id)) ? mine : undefined;
    });
    expect(seen).toEqual(ids);
    for (const e of events) expect(published.find((m) => m.id === e.id)).toEqual(e);
    expect(await t.relay(bus).flush()).toBe(0);
  });

  it('keeps a bounded number of click records per link and day however many clicks, each event still published', async () => {
    const ada = owner();
    const linkId = randomUUID();
    // More clicks than the MongoDB store keeps numbers of (CLICK_NUMBERS_KEPT), so that its pruning is at work.
    const events = Array.from({ length: CLICK_NUMBERS_KEPT + 14 }, () => clicked(ada.id, linkId));
    // Some at the same moment, then one at a time with the relay at work in between.
    await Promise.all(events.slice(0, 4).map((e) => click(ada.id, linkId, '2026-03-01', [e])));
    for (const e of events.slice(4)) {
      await t.relay(bus).flush();
      await click(ada.id, linkId, '2026-03-01', [e]);
    }
    await click(ada.id, linkId, '2026-03-02');
    // The day before, which no click counts on any more, is one record now (its events were out): the next day's.
    expect(await t.clickRecords(ada.id)).toBe(2);
    expect(await t.pages.clicks(ada.id, '2026-03-01')).toEqual([
      { linkId, day: '2026-03-01', count: events.length },
      { linkId, day: '2026-03-02', count: 1 },
    ]);
    // A click 30 days on: the owner sees the last 30 days only, so the link's older counts go (once their events are
    // out).
    await t.relay(bus).flush();
    await click(ada.id, linkId, '2026-03-31');
    expect(await t.pages.clicks(ada.id, '2026-01-01')).toEqual([
      { linkId, day: '2026-03-02', count: 1 },
      { linkId, day: '2026-03-31', count: 1 },
    ]);
    await t.relay(bus).flush();
    const ids = events.map((e) => e.id).sort();
    await eventually(() => {
      const mine = new Set(published.filter((m) => m.key === ada.id).map((m) => m.id));
      return ids.every((id) => mine.has(id)) || undefined;
    });
    // The last numbers of a day (MongoDB) or its one row (Postgres), and the newest day's: bounded, whatever the clicks.
    expect(await t.clickRecords(ada.id)).toBeLessThanOrEqual(CLICK_NUMBERS_KEPT + 3);
    expect(await t.relay(bus).flush()).toBe(0);
  });

  it('publishes a page change and a click pending at the same time, each from its own write', async () => {
    const ada = owner();
    const v0 = (await t.pages.ensure(ada))!;
    const v1 = { ...v0, links: [link('a', 0)], version: 1 };
    const changed = event(v1);
    const first = clicked(ada.id, v1.links[0]!.id);
    expect(await writes().replace(v1, 0, [changed], at)).toBe(true);
    await click(ada.id, v1.links[0]!.id, '2026-03-01', [first]);
    await t.relay(bus).flush();
    const mine = await eventually(() => {
      const ids = published.filter((m) => m.key === ada.id).map((m) => m.id);
      return ids.includes(changed.id) && ids.includes(first.id) ? ids : undefined;
    });
    expect(new Set(mine)).toEqual(new Set([changed.id, first.id]));
    expect(await t.relay(bus).flush()).toBe(0);
  });

  it("removes a deleted cirrus's page, versions and clicks, leaves others' alone, and can run twice", async () => {
    const [ada, bob] = [owner(), owner()];
    for (const who of [ada, bob]) {
      const v0 = (await t.pages.ensure(who))!;
      const v1 = { ...v0, links: [link('home', 0)], version: 1 };
      expect(await writes().replace(v1, 0, [event(v1)], at)).toBe(true);
      await writes().countClick({ ownerId: who.id, linkId: v1.links[0]!.id, day: '2026-03-01' }, [], at);
    }
    const adaLink = (await t.pages.byOwner(ada.id))!.links[0]!.id;
    await t.pages.removeCirrus(randomUUID(), ada.id);
    await t.pages.removeCirrus(randomUUID(), ada.id);
    expect(await t.pages.byOwner(ada.id)).toBeNull();
    expect(await t.pages.byUsername(ada.username)).toBeNull();
    expect(await t.pages.byLink(adaLink)).toBeNull();
    expect(await t.pages.clicks(ada.id, '2026-01-01')).toEqual([]);
    expect((await t.pages.byOwner(bob.id))!.links).toHaveLength(1);
    expect(await t.pages.clicks(bob.id, '2026-01-01')).toHaveLength(1);
  });

  it('keeps a tombstone: no event, page, write or click of a deleted cirrus is stored again', async () => {
    const ada = owner();
    const v0 = (await t.pages.ensure(ada))!;
    const v1 = { ...v0, links: [link('home', 0)], version: 1 };
    expect(await writes().replace(v1, 0, [event(v1)], at)).toBe(true);
    const home = v1.links[0]!.id;
    await t.pages.removeCirrus(randomUUID(), ada.id);

    // identity's word on her, late or replayed; her assertion, still valid; a page and a link read before.
    const late = { id: ada.id, username: ada.username, displayName: 'Ada Again' };
    expect(await t.pages.applyCirrus(randomUUID(), late)).toBe(false);
    expect(await t.pages.ensure(ada)).toBeNull();
    const v2 = { ...v1, links: [...v1.links, link('late', 1)], version: 2 };
    expect(await writes().replace(v2, 1, [event(v2)], at)).toBe(false);
    expect(await writes().countClick({ ownerId: ada.id, linkId: home, day: '2026-03-01' }, [], at)).toBe(
      false,
    );

    expect(await t.pages.byOwner(ada.id)).toBeNull();
    expect(await t.pages.byUsername(ada.username)).toBeNull();
    expect(await t.pages.byLink(home)).toBeNull();
    expect(await t.pages.clicks(ada.id, '2026-01-01')).toEqual([]);
    // A replay forgets the applied events, not the tombstones.
    await t.pages.forgetAppliedCirri();
    expect(await t.pages.applyCirrus(randomUUID(), late)).toBe(false);
    expect(await t.pages.byOwner(ada.id)).toBeNull();
  });

  it('leaves nothing of a cirrus deleted while its page is written and clicked', async () => {
    const ada = owner();
    const v0 = (await t.pages.ensure(ada))!;
    const v1 = { ...v0, links: [link('home', 0)], version: 1 };
    expect(await writes().replace(v1, 0, [], at)).toBe(true);
    const home = v1.links[0]!.id;
    const racing = Array.from({ length: 6 }, async (_, i) => {
      await t.pages.ensure(ada);
      const next = { ...v1, links: [...v1.links, link(`w${i}`, 1)], version: 2 + i };
      await writes().replace(next, 1 + i, [], at);
      await writes().countClick({ ownerId: ada.id, linkId: home, day: '2026-03-01' }, [], at);
      await t.pages.applyCirrus(randomUUID(), { id: ada.id, username: ada.username, displayName: `A${i}` });
    });
    await Promise.all([...racing, t.pages.removeCirrus(randomUUID(), ada.id)]);

    expect(await t.pages.ensure(ada)).toBeNull();
    expect(await t.pages.byOwner(ada.id)).toBeNull();
    expect(await t.pages.byLink(home)).toBeNull();
    expect(await t.pages.clicks(ada.id, '2026-01-01')).toEqual([]);
  });
}
