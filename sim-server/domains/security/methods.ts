/** account.secure-*: setting up and turning off TOTP two-factor authentication. */
import { webcrypto } from 'node:crypto';
import { NumericError } from '../../../src/contract/index.ts';
import { TOTP_DEFAULTS, otpauthUri, totpSecret } from '../../auth/totp.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { basicVerified, countingWrongCodes, dropGrants, secureEnabled, secureRow, useCode } from './secure.ts';

/** The issuer name authenticator apps show beside the code. */
export const SECURE_ISSUER = 'Arena';

/** account.secure-* methods. */
export const securityHandlers: Handlers = {
  'account.basic-status': async (_params, ctx) => ({ verified: await basicVerified(ctx.db, requireUser(ctx).id), withdraw_above: ctx.config.basicVerifyAbove }),
  'account.basic-verify': async ({ full_name, birth_date, country }, ctx) => {
    const user = requireUser(ctx);
    const born = Date.parse(`${birth_date}T00:00:00Z`);
    if (!Number.isFinite(born) || new Date(born).toISOString().slice(0, 10) !== birth_date) fail(NumericError.INPUT_ERROR, 'birth_date: not a calendar date');
    const now = new Date(ctx.config.now());
    const eighteen = Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate());
    if (born > eighteen) fail(NumericError.INVALID_DATA, 'You must be 18 or older');
    await ctx.db.run(
      'INSERT INTO basic_verifications (user_id, full_name, birth_date, country, verified_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      user.id, full_name, birth_date, country.toUpperCase(), ctx.config.now(),
    );
    return { verified: true };
  },
  'account.secure-status': async (_params, ctx) => ({ enabled: await secureEnabled(ctx.db, requireUser(ctx).id) }),
  'account.secure-setup': async (_params, ctx) => {
    const user = requireUser(ctx);
    const secret = totpSecret((bytes) => webcrypto.getRandomValues(bytes));
    await ctx.db.transaction(async (tx) => {
      if (await secureEnabled(tx, user.id)) fail(NumericError.INVALID_DATA, 'Two-factor authentication is already enabled');
      await tx.run(
        `INSERT INTO user_secure (user_id, secret, enabled, last_step, created_at) VALUES (?, ?, 0, -1, ?)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = -1, created_at = excluded.created_at`,
        user.id, secret, ctx.config.now(),
      );
    });
    return {
      secret,
      otpauth_url: otpauthUri({ secret, account: user.name, issuer: SECURE_ISSUER }),
      issuer: SECURE_ISSUER,
      account: user.name,
      digits: TOTP_DEFAULTS.digits,
      period: TOTP_DEFAULTS.step,
      algorithm: TOTP_DEFAULTS.algorithm,
    };
  },
  'account.secure-enable': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return countingWrongCodes(ctx, user.id, () =>
      ctx.db.transaction(async (tx) => {
        const row = await secureRow(tx, user.id);
        if (!row) fail(NumericError.INVALID_DATA, 'Start the two-factor setup first');
        if (row.enabled === 1) fail(NumericError.INVALID_DATA, 'Two-factor authentication is already enabled');
        await useCode(tx, row, code, ctx.config.now(), NumericError.INVALID_DATA);
        await tx.run('UPDATE user_secure SET enabled = 1, enabled_at = ? WHERE user_id = ?', ctx.config.now(), user.id);
        return { enabled: true };
      }),
    );
  },
  'account.secure-disable': ({ code }, ctx) => {
    const user = requireUser(ctx);
    return countingWrongCodes(ctx, user.id, () =>
      ctx.db.transaction(async (tx) => {
        const row = await secureRow(tx, user.id);
        if (!row || row.enabled !== 1) fail(NumericError.INVALID_DATA, 'Two-factor authentication is not enabled');
        await useCode(tx, row, code, ctx.config.now(), NumericError.INVALID_DATA);
        await tx.run('DELETE FROM user_secure WHERE user_id = ?', user.id);
        await dropGrants(tx, user.id);
        return { enabled: false };
      }),
    );
  },
};
