import { useNavigate } from '@tanstack/react-router';
import { RouteModal } from '../../ui/route-modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { BattleCreatePage } from './create-page.tsx';
import './battles.css';

/** /battle/rob-mode: the rob-mode tutorial, a modal over battle create. */
export function RobModePage() {
  const navigate = useNavigate();
  return (
    <RouteModal title="Rob mode" width={603} behind={<BattleCreatePage />} onClose={() => void navigate({ to: '/battle/create' })}>
      <div className="rob-guide">
        <p>After the last round the two leading seats decide in secret: split or rob.</p>
        <ul>
          <li>
            <strong>Split and split:</strong> the pot is halved between them.
          </li>
          <li>
            <strong>Rob and split:</strong> the robber takes it all.
          </li>
          <li>
            <strong>Rob and rob:</strong> the pot goes to the house.
          </li>
        </ul>
        <p>Both choices are committed as hashes before either is revealed, so nobody can change their mind after seeing the other’s.</p>
        <PathLink to="/provably-fair/battles/rob" className="rob-link">
          How the choice is kept fair
        </PathLink>
      </div>
    </RouteModal>
  );
}
