/**
 * The beacon in public (docs/design.md section 6): `beacon.blocks` for clients and verifiers, and in
 * sim mode a page at /api/sim/beacon where a player can watch the chain and check a battle's block.
 */
import type { FastifyInstance } from 'fastify';
import type { BeaconBlock } from '../../../src/core/battle-beacon.ts';
import type { Handlers, Services } from '../../rpc/context.ts';
import type { BeaconChain } from '../../world/beacon.ts';

const PAGE = 20;

/** Up to `count` blocks, newest first, ending just before block `before` (or at the newest). */
function blocksBefore(chain: BeaconChain, count: number, before?: number): BeaconBlock[] {
  const newest = chain.latest();
  if (!newest) return [];
  const blocks: BeaconBlock[] = [];
  for (let n = Math.min(before === undefined ? newest.number : before - 1, newest.number); blocks.length < count; n--) {
    const block = chain.block(n);
    if (!block) break;
    blocks.push(block);
  }
  return blocks;
}

/** beacon.* methods. */
export const beaconHandlers: Handlers = {
  'beacon.blocks': ({ count, before }, ctx) => {
    const chain = ctx.beacon;
    return { blocks: blocksBefore(chain, count ?? PAGE, before), next_at: chain.nextBlockAt() };
  },
};

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sim-only beacon page. */
export function registerBeaconPage(app: FastifyInstance, services: Services): void {
  if (!services.config.simMode) return;
  app.get('/api/sim/beacon', async (_request, reply) => {
    const rows = blocksBefore(services.beacon, 30)
      .map((b) => `<tr><td>${b.number}</td><td>${new Date(b.time).toISOString()}</td><td><code>${escape(b.id)}</code></td><td><code>${escape(b.hash.slice(0, 16))}…</code></td></tr>`)
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Sim beacon</title>
<style>body{margin:0;padding:24px;background:#0d0f14;color:#e8ebf2;font:14px system-ui,sans-serif}h1{font-size:20px}
table{border-collapse:collapse;width:100%}td,th{padding:6px 10px;border-bottom:1px solid #222836;text-align:left}code{font-size:12px;color:#ffb347}</style></head>
<body><h1>Sim randomness beacon</h1><p>One block a second. A battle's beacon is the first block produced after its last seat filled; its id keys every ticket of that battle. This page refreshes every 5 s; <code>beacon.blocks</code> serves the same data.</p>
<table><thead><tr><th>Block</th><th>Time (UTC)</th><th>Id</th><th>Hash</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
  });
}
