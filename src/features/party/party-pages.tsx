import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { PageFrame, PlannedParts } from '../../ui/page-frame.tsx';
import { StreamIcon } from '../../ui/page-icons.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import { sessionModal, useLogged } from '../session/index.ts';
import './party.css';

/** /streams: live streams from the arena. */
export function StreamsPage() {
  return (
    <PageFrame area="party" icon={<StreamIcon />} eyebrow="Streams" title="Live streams" lead="Streamers playing in the arena right now. Watch, follow, and join their stream parties for giveaways.">
      <PlannedParts
        parts={[
          { title: 'Live now', text: 'Streamers online with a preview of their stream and their viewers.', look: 'cards' },
          { title: 'Stream parties', text: 'Giveaways running with the streams, and their tiers.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}

/** /event/stream-party: the stream party modal (width 944) over the page behind. */
export function StreamPartyPage({ behind }: { behind: ReactNode }) {
  const navigate = useNavigate();
  const logged = useLogged();
  return (
    <RouteModal title="Stream party" width={944} behind={behind} onClose={() => void navigate({ to: '/' })}>
      <p className="party-lead">A streamer’s giveaway: while they are on air, cards and boosters are given out in tiers to the viewers who joined.</p>
      {logged ? (
        <PlannedParts
          parts={[
            { title: 'Tiers', text: 'Each tier’s prize, who may win it and the time left until it rolls.', look: 'cards' },
            { title: 'Participants', text: 'Everyone in the party with their level, rank or race place.', look: 'rows' },
          ]}
        />
      ) : (
        <div className="party-login">
          <p>Log in to join stream parties.</p>
          <Button variant="steam" onClick={() => sessionModal.set('login')}>
            Login
          </Button>
        </div>
      )}
    </RouteModal>
  );
}
