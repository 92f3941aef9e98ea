import {
  authenticateShare,
  createDirectus,
  createNotification,
  createPreset,
  createPresets,
  createShare,
  deletePreset,
  readItem,
  readItems,
  readNotifications,
  readPresets,
  readShareInfo,
  readShares,
  rest,
  staticToken,
  updateNotification,
  updatePreset,
} from '@directus/sdk';
import { createCollection } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { sdkError, useSdkApp } from '../helpers/sdk-compat';
import { uniq } from '../helpers/uniq';

/** The SDK's presets, notifications and shares commands, as an administrator and as an app user. */
describe("@directus/sdk (the reference platform's own client) against Vellum: presets, notifications, shares", () => {
  const sdk = useSdkApp();
  let notes: string;
  let note: number;
  beforeAll(async () => {
    notes = await createCollection(sdk.t, uniq('sdk_notes'), [{ field: 'title', type: 'string' }]);
    note = (await sdk.t.as('admin').post(`/items/${notes}`).send({ title: 'Shared note' }).expect(200)).body.data.id;
  });

  const userClient = async (fields: Record<string, unknown> = {}) => {
    const user = await createUser(sdk.t, fields);
    const token = await sdk.t.login(user.email, user.password);
    return { user, client: createDirectus(sdk.url).with(staticToken(token)).with(rest()) };
  };

  it('presets: an app user keeps bookmarks of their own and sees global ones, not another user’s', async () => {
    const admin = await sdk.adminClient();
    const { user, client } = await userClient();
    const other = await createUser(sdk.t);
    const bookmark = uniq('Drafts');
    const mine = await client.request(
      createPreset({
        user: user.id,
        collection: notes,
        bookmark,
        layout: 'tabular',
        layout_query: { tabular: { sort: ['-id'] } },
      }),
    );
    expect(mine).toEqual(
      expect.objectContaining({
        id: expect.anything(),
        user: user.id,
        collection: notes,
        bookmark,
        layout_query: { tabular: { sort: ['-id'] } },
      }),
    );
    await admin.request(
      createPresets([
        { user: other.id, collection: notes, bookmark: uniq('Theirs') },
        { user: null, role: null, collection: notes, layout: 'cards' },
      ]),
    );

    const seen = await client.request(
      readPresets({ filter: { collection: { _eq: notes } }, fields: ['user', 'bookmark', 'layout'], sort: ['id'] }),
    );
    expect(seen).toEqual([
      { user: user.id, bookmark, layout: 'tabular' },
      { user: null, bookmark: null, layout: 'cards' },
    ]);
    expect(await client.request(updatePreset(mine.id, { layout: 'cards' }, { fields: ['layout'] }))).toEqual({
      layout: 'cards',
    });
    expect(await sdkError(client.request(createPreset({ user: other.id, collection: notes })))).toMatchObject({
      status: 400,
      codes: ['FAILED_VALIDATION'],
    });
    await client.request(deletePreset(mine.id));
    expect(await client.request(readPresets({ filter: { bookmark: { _eq: bookmark } } }))).toEqual([]);
  });

  it('notifications: the recipient reads their own, files it and is mailed', async () => {
    const admin = await sdk.adminClient();
    const { user, client } = await userClient({ email_notifications: true });
    const subject = uniq('Please review');
    const sent = await admin.request(
      createNotification({
        recipient: user.id,
        subject,
        message: 'The note is ready',
        collection: notes,
        item: String(note),
      }),
    );
    expect(sent).toEqual(
      expect.objectContaining({ id: expect.anything(), status: 'inbox', recipient: user.id, subject }),
    );
    expect((await sdk.smtp.waitFor(user.email)).subject).toBe(subject);

    expect(await client.request(readNotifications({ fields: ['subject', 'status', 'item'] }))).toEqual([
      { subject, status: 'inbox', item: String(note) },
    ]);
    expect(await client.request(updateNotification(sent.id, { status: 'archived' }, { fields: ['status'] }))).toEqual({
      status: 'archived',
    });
    const stranger = await userClient();
    expect(await stranger.client.request(readNotifications())).toEqual([]);
  });

  it('shares: created by an administrator, listed, and their public info read without signing in', async () => {
    const admin = await sdk.adminClient();
    const created = await admin.request(
      createShare({
        collection: notes,
        item: String(note),
        name: 'For the press',
        password: 'open sesame',
        max_uses: 2,
      }),
    );
    expect(created).toEqual(
      expect.objectContaining({ id: expect.any(String), collection: notes, item: String(note), times_used: 0 }),
    );
    expect(
      (await admin.request(readShares({ filter: { collection: { _eq: notes } }, fields: ['id', 'name'] }))).map(
        (s) => s.name,
      ),
    ).toEqual(['For the press']);

    const anonymous = createDirectus(sdk.url).with(rest());
    expect(await anonymous.request(readShareInfo(created.id))).toEqual(
      expect.objectContaining({
        id: created.id,
        collection: notes,
        item: String(note),
        max_uses: 2,
        times_used: 0,
        password: '**********',
      }),
    );
    expect((await sdkError(anonymous.request(readShareInfo('00000000-0000-4000-8000-000000000000')))).status).toBe(403);
  });

  it('authenticateShare signs in with a share that then reads the shared item alone', async () => {
    const admin = await sdk.adminClient();
    const readers = await createRole(sdk.t);
    await grant(sdk.t, readers, notes, 'read', { fields: ['id', 'title'] });
    const other = (await sdk.t.as('admin').post(`/items/${notes}`).send({ title: 'Not shared' }).expect(200)).body.data
      .id;
    const share = await admin.request(
      createShare({ collection: notes, item: String(note), role: readers, password: 'let me in' }),
    );

    const anonymous = createDirectus(sdk.url).with(rest());
    expect((await sdkError(anonymous.request(authenticateShare(share.id, 'wrong', 'json')))).status).toBe(401);
    const signedIn = await anonymous.request(authenticateShare(share.id, 'let me in', 'json'));
    expect(signedIn).toEqual(
      expect.objectContaining({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires: expect.any(Number),
      }),
    );
    const viewer = createDirectus(sdk.url).with(staticToken(signedIn.access_token!)).with(rest());
    expect(await viewer.request(readItem(notes, note, { fields: ['title'] }))).toEqual({ title: 'Shared note' });
    expect(await viewer.request(readItems(notes, { fields: ['id'] }))).toEqual([{ id: note }]);
    expect((await sdkError(viewer.request(readItem(notes, other)))).status).toBe(403);
  });
});
