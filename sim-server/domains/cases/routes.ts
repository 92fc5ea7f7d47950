/** Start-up of the cases domain: the catalog goes into the tables and the art is served. */
import type { FastifyInstance } from 'fastify';
import { NumericError } from '../../../src/contract/index.ts';
import type { Services } from '../../rpc/context.ts';
import type { Category } from '../../world/catalog-names.ts';
import { ART_KINDS, caseBackgroundSvg, caseLogoSvg, caseSvg, itemSvg, spinBorderSvg, type ArtKind } from './art.ts';

const YEAR_SECONDS = 31_536_000;

/** Stores the catalog (idempotent) and registers GET /api/art/{kind}/{key}.svg. */
export async function registerCases(app: FastifyInstance, services: Services): Promise<void> {
  await services.catalog.store(services.config.now());
  const drawn = new Map<string, string>();

  const draw = async (kind: ArtKind, key: string): Promise<string | null> => {
    const catalog = await services.catalog.view();
    if (kind === 'item') {
      const item = catalog.itemByKey(key);
      return item ? itemSvg(item) : null;
    }
    const box = catalog.boxByKey(key);
    if (!box) return null;
    if (kind === 'case-background') return caseBackgroundSvg(box);
    if (kind === 'case-logo') return caseLogoSvg(box.out);
    if (kind === 'spin-border') return spinBorderSvg(box);
    // The emblem shows the dearest item, the first slot.
    const top = catalog.item(box.slots[0]!.itemId)!;
    return caseSvg({ key: box.key, emblem: top.type as Category, rarity: top.rarity });
  };

  app.get<{ Params: { kind: string; file: string } }>('/api/art/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params;
    const key = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const known = (ART_KINDS as readonly string[]).includes(kind) ? (kind as ArtKind) : null;
    const cacheKey = `${kind}/${key}`;
    const body = drawn.get(cacheKey) ?? (known && key ? await draw(known, key) : null);
    if (body === null) return reply.code(404).send({ error: { error_code: NumericError.NOT_FOUND, error_msg: `No art ${kind}/${file}` } });
    drawn.set(cacheKey, body);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(body);
  });
}
