import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clientSeed } from '../../contract/wire.ts';
import { CLIENT_SEED_LENGTH, randomClientSeed } from '../../core/fair-ticket.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { retireSeeds, type SeedPair } from './seeds.ts';

/** Width of the client seed modal: the provably fair guide's (document 1 section 9) is too wide for one field. */
const CLIENT_SEED_MODAL_WIDTH = 545;

/** What user.seed accepts as a client seed: the contract's own rule. */
const seedRule = clientSeed();
const isClientSeed = (seed: string) => seedRule.safeParse(seed).success;

/**
 * A new client seed: 10 random characters to start with (document 3 section 5), editable.
 * Saving retires the current pair, so its server seed is revealed (onSaved gets the answer).
 */
export function ClientSeedModal({ current, onClose, onSaved }: { current: string; onClose(): void; onSaved(answer: SeedPair): void }) {
  const queryClient = useQueryClient();
  const [seed, setSeed] = useState(() => randomClientSeed(CLIENT_SEED_LENGTH));
  const valid = isClientSeed(seed) && seed !== current;
  // A mutation, so a refusal is reported the spec's way.
  const save = useMutation({
    mutationFn: () => retireSeeds(queryClient, { client_seed: seed }),
    onSuccess: (answer) => {
      onSaved(answer);
      onClose();
    },
  });
  const saving = save.isPending;
  return (
    <Modal title="Change your client seed" width={CLIENT_SEED_MODAL_WIDTH} onClose={onClose}>
      <p className="calc-lead">Your client seed goes into every ticket of your next rolls. Changing it retires your seed pair: its server seed is revealed, so you can check every roll you made with it.</p>
      <form
        className="seed-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !saving) save.mutate();
        }}
      >
        <label className="field">
          <span className="field-label">New client seed</span>
          <input className="field-input mono" value={seed} maxLength={64} spellCheck={false} data-autofocus onChange={(event) => setSeed(event.target.value.trim())} aria-invalid={!isClientSeed(seed)} />
        </label>
        <div className="seed-actions">
          <Button onClick={() => setSeed(randomClientSeed(CLIENT_SEED_LENGTH))}>Random</Button>
          <Button type="submit" variant="primary" disabled={!valid || saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
