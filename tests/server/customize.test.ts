/**
 * Customisation (document 1 sections 3, 5; docs/decisions/0026): avatar upload checked by
 * content, capped and rewritten, shown wherever the player is (account, battle seats); the
 * nickname change spending a one-off right; bad input refused with nothing spent.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { AVATAR_MAX_BYTES, pngChunk } from '../../sim-server/domains/customize/image.ts';
import { balanceOf, ok, type Client } from './cases-helpers.ts';
import { hashOf, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { sim } from './wallet-helpers.ts';
import { createBattle } from './battles-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** An RGBA PNG: `declared` sizes go in the header, `pixels` the stream that really follows. */
function png({ width = 8, height = 8, declared, text, stream }: { width?: number; height?: number; declared?: [number, number]; text?: string; stream?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(declared?.[0] ?? width, 0);
  header.writeUInt32BE(declared?.[1] ?? height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set([255, (x * 30) & 255, (y * 30) & 255, 255], y * (1 + width * 4) + 1 + x * 4);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header)];
  if (text) parts.push(pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')));
  parts.push(pngChunk('IDAT', stream ?? deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A 2x2 two-frame GIF with a comment extension. */
function gif({ frameAt = 0 }: { frameAt?: number } = {}): Buffer {
  const frame = (colour: number) =>
    Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, frameAt, 0, 0, 0, 2, 0, 2, 0, 0, 2, 2, 0x84 | colour, 0x51, 0]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([2, 0, 2, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]),
    Buffer.from([0x21, 0xfe, 14, ...Buffer.from('secret-comment', 'latin1'), 0]),
    frame(0),
    frame(0),
    Buffer.from([0x3b]),
  ]);
}

/** The fixture JPEG with an EXIF-like APP1 segment and a comment put in after its SOI. */
function jpegWithMetadata(): Buffer {
  const jpeg = readFileSync(new URL('../fixtures/avatars/avatar.jpg', import.meta.url));
  const app1Body = Buffer.from('Exif\0\0secret-gps', 'latin1');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([0, app1Body.length + 2]), app1Body]);
  const comBody = Buffer.from('secret-comment', 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, comBody.length + 2]), comBody]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, com, jpeg.subarray(2)]);
}

async function upload(client: Client, body: Buffer, type = 'image/png') {
  return client.request('/api/account/avatar', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) });
}

const grantRight = async (client: Client, kind: 'avatar' | 'nickname') => sim(client, '/api/sim/customize/grant', { user: await hashOf(client), kind });
const rightsLeft = (client: Client, kind: string) =>
  hashOf(client).then(async (hash) => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM customize_rights WHERE user_id = ? AND kind = ? AND used_at IS NULL', Number(hash.slice(2)), kind))!.n);
const avatarOf = async (client: Client) => ((await ok(client, 'user.getUser')) as { user: { info: { avatar: string | null } } }).user.info.avatar;

describe('avatar upload', () => {
  test('needs a one-off avatar right; a PNG is rewritten without its metadata and shown on the account and in a battle seat', async () => {
    const ava = await server.player('avatar_ava');
    const refusedUpload = await upload(ava, png({ text: 'secret-comment' }));
    expect(refusedUpload.body.error).toEqual({ error_code: NumericError.ACCESS_DENIED, error_msg: "You don't have any cards for changing the avatar." });
    expect(await avatarOf(ava)).toBeNull();

    await grantRight(ava, 'avatar');
    const done = await upload(ava, png({ text: 'secret-comment' }));
    const answer = done.body.response as { avatar: string; width: number; height: number; type: string };
    expect(answer).toMatchObject({ width: 8, height: 8, type: 'png' });
    expect(answer.avatar).toMatch(/^\/api\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    expect(await avatarOf(ava)).toBe(answer.avatar);

    const served = await fetch(`${server.url}${answer.avatar}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.includes(Buffer.from('secret-comment'))).toBe(false);
    expect(bytes.includes(Buffer.from('tEXt'))).toBe(false);

    // Others see it where they see the player: a battle's seats.
    const created = await createBattle(ava, {}, 1);
    const seen = await ok(await server.player('avatar_viewer'), 'arena.game', { hash: created.game.hash });
    const avaHash = await hashOf(ava);
    expect(seen.users.find((u) => u.hash === avaHash)?.info.avatar).toBe(answer.avatar);

    // The right is spent: a second upload is refused and the avatar stays.
    expect((await upload(ava, png({ width: 4, height: 4 }))).body.error?.error_code).toBe(NumericError.ACCESS_DENIED);
    expect(await avatarOf(ava)).toBe(answer.avatar);

    // account.clearInfo brings the default avatar back and removes the file.
    expect(await ok(ava, 'account.clearInfo', { value: 'avatar' })).toMatchObject({ success: true, info: { avatar: null } });
    expect(await avatarOf(ava)).toBeNull();
    expect((await fetch(`${server.url}${answer.avatar}`)).status).toBe(404);
    await refused(ava, 'account.clearInfo', { value: 'hat' }, NumericError.INPUT_ERROR);
  });

  test('a JPEG loses its EXIF and comment; a GIF keeps its frames and loses its comment', async () => {
    const jo = await server.player('avatar_jo');
    await grantRight(jo, 'avatar');
    await grantRight(jo, 'avatar');
    const jpeg = (await upload(jo, jpegWithMetadata(), 'image/jpeg')).body.response as { avatar: string; width: number; type: string };
    expect(jpeg).toMatchObject({ type: 'jpeg', width: 16 });
    const jpegBytes = Buffer.from(await (await fetch(`${server.url}${jpeg.avatar}`)).arrayBuffer());
    expect([jpegBytes[0], jpegBytes[1], jpegBytes.at(-2), jpegBytes.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(jpegBytes.includes(Buffer.from('secret'))).toBe(false);

    const animated = (await upload(jo, gif(), 'image/gif')).body.response as { avatar: string; type: string };
    expect(animated.type).toBe('gif');
    const gifBytes = Buffer.from(await (await fetch(`${server.url}${animated.avatar}`)).arrayBuffer());
    expect(gifBytes.includes(Buffer.from('secret-comment'))).toBe(false);
    expect(gifBytes.filter((b, i) => b === 0x2c && gifBytes[i - 8] === 0x21).length).toBe(2);
    // The earlier file is gone once replaced.
    expect((await fetch(`${server.url}${jpeg.avatar}`)).status).toBe(404);
  });

  test('not an image, too large, an image bomb, a lying content type: refused, nothing spent, nothing changed', async () => {
    const bo = await server.player('avatar_bo');
    await grantRight(bo, 'avatar');
    const cases: [string, Buffer, string, RegExp][] = [
      ['text as a PNG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', /^Not an image/],
      ['declared 30000 x 30000', png({ declared: [30_000, 30_000] }), 'image/png', /too large/],
      ['declared 2048 x 2048, a stream that inflates past it', png({ width: 8, height: 8, declared: [2048, 2048], stream: deflateSync(Buffer.alloc(2048 * (1 + 2048 * 4) + 100_000)) }), 'image/png', /pixel data/],
      ['a stream shorter than declared', png({ declared: [64, 64] }), 'image/png', /pixel data/],
      ['a PNG sent as a GIF', png(), 'image/gif', /sent as image\/gif/],
      ['a GIF frame outside the image', gif({ frameAt: 5 }), 'image/gif', /outside/],
      ['a JPEG cut short', jpegWithMetadata().subarray(0, 200), 'image/jpeg', /cut short|damaged/],
    ];
    for (const [what, body, type, message] of cases) {
      const { body: answer } = await upload(bo, body, type);
      expect({ what, code: answer.error?.error_code, matches: message.test(answer.error?.error_msg ?? '') }).toEqual({ what, code: NumericError.INPUT_ERROR, matches: true });
    }
    const huge = await upload(bo, Buffer.concat([png(), Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(huge.status).toBe(413);
    expect(huge.body.error?.error_code).toBe(NumericError.INPUT_ERROR);
    const webp = await upload(bo, png(), 'image/webp');
    expect(webp.body.error?.error_code).toBe(NumericError.INPUT_ERROR);
    expect((await server.client().request('/api/account/avatar', { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png()) })).body.error?.error_code).toBe(NumericError.ACCESS_DENIED);
    expect(await rightsLeft(bo, 'avatar')).toBe(1);
    expect(await avatarOf(bo)).toBeNull();
    expect((await fetch(`${server.url}/api/avatars/..%2Fjwt.secret`)).status).toBe(404);
  });

  test('20 uploads at once with one right: one avatar, one right spent', async () => {
    const cy = await server.player('avatar_cy');
    await grantRight(cy, 'avatar');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(cy, png({ width: 2 + i, height: 2 }))));
    expect(answers.filter((a) => a.body.response)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error?.error_code === NumericError.ACCESS_DENIED)).toHaveLength(19);
    expect(await rightsLeft(cy, 'avatar')).toBe(0);
    const avatar = await avatarOf(cy);
    expect((await fetch(`${server.url}${avatar}`)).status).toBe(200);
  });
});

describe('nickname change', () => {
  test('needs a one-off nickname right, keeps the name rules, refuses a taken name without spending it', async () => {
    const nia = await server.player('nick_nia');
    await server.player('nick_taken');
    const balance = await balanceOf(nia);
    expect(await refused(nia, 'account.updateSettings', { name: 'nick_fresh' }, NumericError.ACCESS_DENIED)).toBe("You don't have any cards for changing the username.");
    await grantRight(nia, 'nickname');
    expect(await ok(nia, 'account.checkName', { name: 'nick_taken' })).toEqual({ available: false });
    expect(await ok(nia, 'account.checkName', { name: 'nick_fresh' })).toEqual({ available: true });
    expect(await refused(nia, 'account.updateSettings', { name: 'nick_taken' }, NumericError.INVALID_DATA)).toBe('This name is already used');
    for (const bad of ['1nick', 'ab', 'nick__two', 'nick_', '_nick', 'nick-dash', 'n'.repeat(26), '12345']) {
      await refused(nia, 'account.updateSettings', { name: bad }, NumericError.INPUT_ERROR);
    }
    expect(await rightsLeft(nia, 'nickname')).toBe(1);
    const changed = await ok(nia, 'account.updateSettings', { name: 'nick_fresh' });
    expect(changed.user.name).toBe('nick_fresh');
    expect(((await ok(nia, 'user.getUser')) as { user: { name: string } }).user.name).toBe('nick_fresh');
    expect(await rightsLeft(nia, 'nickname')).toBe(0);
    await refused(nia, 'account.updateSettings', { name: 'nick_again' }, NumericError.ACCESS_DENIED);
    // The old name is free for others now; nothing else moved.
    expect(await ok(await server.player('nick_other'), 'account.checkName', { name: 'nick_nia' })).toEqual({ available: true });
    expect(await balanceOf(nia)).toBe(balance);
  });
});

describe('unlocked bundles', () => {
  test('a reactions bundle a card unlocks is listed for that player only, and its reactions are refused to others', async () => {
    const uma = await server.player('bundle_uma');
    const vic = await server.player('bundle_vic');
    const listed = async (client: Client) => (await ok(client, 'bundle.assets', { type: 'reactions' })).assets.map((a) => (a as { hash: string }).hash);
    expect(await listed(uma)).toEqual(['SF0000000001']);
    await sim(uma, '/api/sim/customize/grant', { user: await hashOf(uma), kind: 'reactions', item: 'SF0000000011' });
    expect(await listed(uma)).toEqual(['SF0000000001', 'SF0000000011']);
    expect(await listed(vic)).toEqual(['SF0000000001']);
    expect(await listed(server.client())).toEqual(['SF0000000001']);

    const created = await createBattle(uma, {}, 1);
    expect(await ok(uma, 'arena-battle.reaction', { token: created.game.token, reaction: 'SF11_0_fire' })).toEqual({ success: true });
    expect(await refused(vic, 'arena-battle.reaction', { token: created.game.token, reaction: 'SF11_0_fire' }, NumericError.ACCESS_DENIED)).toBe('Unlock this reaction bundle with its card first');
    expect(await ok(vic, 'arena-battle.reaction', { token: created.game.token, reaction: 'SF1_0_cool' })).toEqual({ success: true });
  });
});
