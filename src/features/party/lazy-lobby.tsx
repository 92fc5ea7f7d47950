import { Suspense, lazy } from 'react';
import { useLogged } from '../session/index.ts';

// The widget, its queries and the party channel load after the first page, for signed-in players only
// (parties are shown to logged-in players, document 3 section 4).
const WidgetPart = lazy(() => import('./lobby-widget.tsx'));

/** The open party's card, which opens the party modal once per party. */
export function PartyLobby() {
  const logged = useLogged();
  if (!logged) return null;
  return (
    <Suspense fallback={null}>
      <WidgetPart />
    </Suspense>
  );
}
