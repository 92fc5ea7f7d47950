/** What the shell's header needs of the wallet's queries, apart from the pages' (queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../net/index.ts';

/** Query keys of the wallet; all of them go on sign-out with the session's. */
export const walletKeys = {
  all: ['session', 'wallet'] as const,
  methods: ['session', 'wallet', 'methods'] as const,
  history: ['session', 'wallet', 'history'] as const,
  /** Prefix of every payments list (one per currency filter). */
  payments: ['session', 'wallet', 'payments'] as const,
  vault: ['session', 'wallet', 'vault'] as const,
  requirements: ['session', 'wallet', 'requirements'] as const,
  referral: ['session', 'wallet', 'referral'] as const,
  secure: ['session', 'wallet', 'secure'] as const,
  credit: ['session', 'wallet', 'credit'] as const,
};

/** The vault: amount in cents and the unix second its lock ends (0 or past when open). */
export function vaultQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.vault,
    queryFn: ({ signal }) => rpc.call('wallet-vault.info', {}, { signal }),
    staleTime: 30_000,
  });
}
