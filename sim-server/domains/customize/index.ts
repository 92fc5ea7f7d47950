/**
 * Customisation (document 1 sections 3, 5; docs/decisions/0026): avatar upload and serving,
 * and the sim console's grant of one-off rights and bundles (cards give them through grant.ts).
 * The nickname change is account.updateSettings (profiles), which spends a nickname right.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NumericError } from '../../../src/contract/index.ts';
import { CARD_RESOURCES } from '../../../src/core/card-resources.ts';
import { parseHash } from '../../../src/core/hash-id.ts';
import type { Db } from '../../db/database.ts';
import { accessTokenOf } from '../../auth/cookies.ts';
import { authenticate } from '../../auth/sessions.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { AppError, fail } from '../../errors.ts';
import { requireUser, type Domain, type Services } from '../../rpc/context.ts';
import { customizeRights, grantCustomizeRight, spendCustomizeRight, unlockBundle } from './grant.ts';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, IMAGE_MIME, ImageRejected, canonicalImage, type ImageType } from './image.ts';

const FILE_PATTERN = /^(\d{1,12})-([0-9a-f]{16})\.(png|jpeg|gif)$/;
const UPLOADED = '/api/avatars/';

/** Removes an uploaded avatar's file; an applied pack avatar (static art) has none. */
function removeUpload(dir: string, avatar: string | null): void {
  if (avatar?.startsWith(UPLOADED) && FILE_PATTERN.test(avatar.slice(UPLOADED.length))) rmSync(join(dir, avatar.slice(UPLOADED.length)), { force: true });
}
const UPLOAD_TYPES = Object.values(IMAGE_MIME);

/** Where avatars are kept: DATA_DIR/avatars (a temp folder for an in-memory database). */
function avatarDir(services: Services): string {
  const dir = services.config.dataDir === ':memory:' ? join(tmpdir(), 'arena-avatars') : join(services.config.dataDir, 'avatars');
  mkdirSync(dir, { recursive: true });
  return dir;
}

const envelope = async <T>(run: () => Promise<T>): Promise<{ response: T } | { error: { error_code: string | number; error_msg: string } }> => {
  try {
    return { response: await run() };
  } catch (error) {
    if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
    if (error instanceof ImageRejected) return { error: { error_code: NumericError.INPUT_ERROR, error_msg: error.message } };
    throw error;
  }
};

function registerAvatars(app: FastifyInstance, services: Services): void {
  const dir = avatarDir(services);
  // The upload's own scope: image bodies are read as bytes here only, capped at the size limit.
  void app.register(async (scope) => {
    scope.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));
    // A cross-site form cannot send an image content type without a CORS preflight, which this
    // server never grants, so the cookie alone cannot be ridden into an upload.
    scope.post('/api/account/avatar', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      return envelope(async () => {
        const token = accessTokenOf(request);
        if (!token) fail(NumericError.ACCESS_DENIED, 'Log in to change your avatar');
        const { user } = await authenticate(services, token);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) fail(NumericError.INPUT_ERROR, 'Send the image as the request body');
        const image = canonicalImage(body);
        const declared = request.headers['content-type']?.split(';')[0]?.trim();
        if (declared !== IMAGE_MIME[image.type]) fail(NumericError.INPUT_ERROR, `The file is a ${image.type.toUpperCase()} sent as ${declared}`);
        const file = `${user.id}-${createHash('sha256').update(image.data).digest('hex').slice(0, 16)}.${image.type}`;
        const path = join(dir, file);
        writeFileSync(`${path}.tmp`, image.data);
        renameSync(`${path}.tmp`, path);
        const now = services.config.now();
        const before = user.avatar ?? null;
        const url = `/api/avatars/${file}`;
        try {
          await services.db.transaction(async (tx) => {
            if (!await spendCustomizeRight(tx, user.id, 'avatar', now)) fail(NumericError.ACCESS_DENIED, NO_AVATAR_CARD);
            await tx.run('UPDATE users SET avatar = ? WHERE id = ?', url, user.id);
          }, { player: user.id });
        } catch (error) {
          if (before !== url) rmSync(path, { force: true });
          throw error;
        }
        if (before !== url) removeUpload(dir, before);
        return { avatar: url, width: image.width, height: image.height, type: image.type };
      });
    });
  });

  app.get('/api/avatars/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = FILE_PATTERN.exec(file);
    let data: Buffer | null = null;
    if (match) {
      try {
        data = readFileSync(join(dir, file));
      } catch {
        data = null;
      }
    }
    if (!data || !match) return reply.code(404).send({ error: { error_code: NumericError.NOT_FOUND, error_msg: 'No such avatar' } });
    return reply
      .header('content-type', IMAGE_MIME[match[3] as ImageType])
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      // The name holds the content's hash: a new avatar is a new name.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}

/** Puts the player's default avatar back and deletes the uploaded file (account.clearInfo). */
export async function clearAvatar(services: Services, userId: number): Promise<void> {
  const before = await services.db.transaction(async (tx) => {
    const row = await tx.get<{ avatar: string | null }>('SELECT avatar FROM users WHERE id = ?', userId);
    await tx.run('UPDATE users SET avatar = NULL WHERE id = ?', userId);
    return row?.avatar ?? null;
  });
  removeUpload(avatarDir(services), before);
}

/** The spec's refusal when no card allows an avatar upload (document 1 section 6). */
export const NO_AVATAR_CARD = "You don't have any cards for changing the avatar.";

/**
 * account.preloadAvatar: what the upload form shows before a file is chosen: the avatar now,
 * whether a one-off right allows an upload, avatar cards still to activate, and the limits.
 */
export async function avatarTerms(db: Pick<Db, 'get' | 'all'>, userId: number) {
  const rights = (await customizeRights(db, userId)).avatar;
  const cards =
    (await db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM cards c JOIN assets a ON a.id = c.asset_id WHERE a.user_id = ? AND a.status = 'held' AND c.kind = 'customize' AND c.detail = 'avatar'",
      userId,
    ))?.n ?? 0;
  const avatar = (await db.get<{ avatar: string | null }>('SELECT avatar FROM users WHERE id = ?', userId))?.avatar ?? null;
  const message = rights > 0 ? null : cards > 0 ? 'Activate your avatar card in the inventory to upload an avatar.' : NO_AVATAR_CARD;
  return { avatar, allowed: rights > 0, rights, cards, message, types: UPLOAD_TYPES, max_bytes: AVATAR_MAX_BYTES, max_side: AVATAR_MAX_SIDE };
}

export const customize: Domain = {
  // account.clearInfo (account domain) calls clearAvatar.
  handlers: {
    'account.preloadAvatar': (_params, ctx) => avatarTerms(ctx.db, requireUser(ctx).id),
    // Wearing an unpacked avatar or pattern (document 1 section 4's 'Apply avatar/pattern'):
    // only one the player owns; no right is spent, the pack was the price.
    'account.applyResource': async ({ type, hash }, ctx) => {
      const user = requireUser(ctx);
      const notOwned = () => fail(NumericError.INVALID_DATA, `You do not have this ${type}.`);
      const resource = CARD_RESOURCES.find((r) => r.hash === hash && r.type === type) ?? notOwned();
      const before = await ctx.db.transaction(async (tx) => {
        if (!await tx.get('SELECT 1 FROM user_resources WHERE user_id = ? AND resource = ?', user.id, resource.hash)) notOwned();
        const row = await tx.get<{ avatar: string | null; pattern: string | null; badge: string | null }>('SELECT avatar, pattern, badge FROM users WHERE id = ?', user.id);
        await tx.run(type === 'avatar' ? 'UPDATE users SET avatar = ? WHERE id = ?' : 'UPDATE users SET pattern = ? WHERE id = ?', resource.image, user.id);
        return row;
      });
      if (type === 'avatar') removeUpload(avatarDir(ctx), before?.avatar ?? null);
      const info = { avatar: before?.avatar ?? null, pattern: before?.pattern ?? null, badge: before?.badge ?? null };
      return { success: true, info: type === 'avatar' ? { ...info, avatar: resource.image } : { ...info, pattern: resource.image } };
    },
  },
  register(app, services) {
    registerAvatars(app, services);
    if (!services.config.simMode) return;
    const operator = operatorRoute(services.config);
    // Body: { user: hash, kind: avatar | nickname | reactions | emojis | pattern, item? }.
    app.post('/api/sim/customize/grant', operator, async (request, _reply) =>
      envelope(async () => {
        const body = (request.body ?? {}) as { user?: unknown; kind?: unknown; item?: unknown };
        const userId = parseHash(body.user);
        if (userId === null || !await services.db.get('SELECT 1 FROM users WHERE id = ?', userId)) fail(NumericError.INPUT_ERROR, 'user: expected a player hash');
        const now = services.config.now();
        if (body.kind === 'avatar' || body.kind === 'nickname') {
          const kind = body.kind;
          await services.db.transaction((tx) => grantCustomizeRight(tx, userId, kind, { source: 'operator', now }));
          return { granted: kind };
        }
        if (body.kind === 'reactions' || body.kind === 'emojis' || body.kind === 'pattern') {
          const kind = body.kind;
          if (typeof body.item !== 'string' || !/^[\w-]{1,64}$/.test(body.item)) fail(NumericError.INPUT_ERROR, 'item: expected a bundle id');
          const item = body.item;
          await services.db.transaction((tx) => unlockBundle(tx, userId, kind, item, { source: 'operator', now }));
          return { granted: kind, item };
        }
        return fail(NumericError.INPUT_ERROR, 'kind: expected avatar, nickname, reactions, emojis or pattern');
      }),
    );
  },
};
