import request from 'supertest';
import { LinkPageChangedSchema, Topics } from '@vellum/proto';
import { identityHarness } from './support/service-harness';

type Harness = Awaited<ReturnType<typeof identityHarness>>;

describe("the viewed cirrus's link colours, kept from the link service's events", () => {
  let h: Harness;
  let username: string;
  let id: string;
  let linkEvent: ReturnType<Harness['eventsOf']>;
  const colours = async () => {
    const { viewedCirrus } = (await request(h.app).get(`/api/cirrus/${username}`)).body;
    return {
      linkBackgroundColor: viewedCirrus.linkBackgroundColor,
      linkItemFontColor: viewedCirrus.linkItemFontColor,
      linkItemBackgroundColor: viewedCirrus.linkItemBackgroundColor,
    };
  };
  const changed = (version: number, font: string, id_?: string) =>
    linkEvent(
      LinkPageChangedSchema,
      id,
      {
        ownerId: id,
        username,
        version,
        backgroundColor: '#000000',
        itemFontColor: font,
        itemBackgroundColor: '#eeeeee',
      },
      id_,
    );

  beforeAll(async () => {
    h = await identityHarness();
    linkEvent = h.eventsOf('link', Topics.linkPage);
    ({ username, id } = await h.verifiedCirrus());
  }, 30_000);
  afterAll(() => h.close());

  it("has the spec's defaults (font #337ab7, backgrounds #ffffff) before the owner changes any", async () => {
    expect(await colours()).toEqual({
      linkBackgroundColor: '#ffffff',
      linkItemFontColor: '#337ab7',
      linkItemBackgroundColor: '#ffffff',
    });
  });

  it('takes the newest page version, never an older or repeated one', async () => {
    const second = await changed(2, '#222222');
    expect(await colours()).toEqual({
      linkBackgroundColor: '#000000',
      linkItemFontColor: '#222222',
      linkItemBackgroundColor: '#eeeeee',
    });
    // An older version arriving late changes nothing; so does the same event again.
    await changed(1, '#111111');
    await changed(2, '#999999', second);
    expect((await colours()).linkItemFontColor).toBe('#222222');
    await changed(3, '#333333');
    expect((await colours()).linkItemFontColor).toBe('#333333');
  });
});
