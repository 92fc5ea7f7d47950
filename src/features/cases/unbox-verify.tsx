import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { VerifyModal, type VerifyPreset } from '../fairness/pages.ts';
import { caseQueryOptions, unboxGameQueryOptions } from './queries.ts';

/**
 * /case/{key}/{token}/verify: the verify modal over the unbox game, filled in with one of its
 * drops (?drop={hash}, else the latest): client seed, nonce and the recorded ticket, and the
 * server seed once the pair was rotated.
 */
export function UnboxVerifyModal({ caseKey, token, dropHash }: { caseKey: string; token: string; dropHash?: string }) {
  const navigate = useNavigate();
  const game = useQuery(unboxGameQueryOptions(token));
  const box = useQuery(caseQueryOptions(caseKey));
  const close = () => void navigate({ to: `/case/${caseKey}/${token}` as '/' });
  // The modal waits for the game so its fields start filled in.
  if (game.isPending) return null;
  const drops = game.data?.drops ?? [];
  const drop = drops.find((entry) => entry.hash === dropHash) ?? drops.at(-1);
  const preset: VerifyPreset | undefined = drop && {
    game: 'unbox',
    ...(drop.server_seed ? { key: drop.server_seed } : {}),
    clientSeed: drop.client_seed,
    nonce: drop.nonce,
    expected: drop.ticket,
    serverSeedHashed: drop.server_seed_hashed,
    label: `roll ${drop.round} of ${box.data?.box.name ?? 'this case'}`,
  };
  return <VerifyModal onClose={close} {...(preset ? { preset } : {})} />;
}
