/**
 * The parts of a page's first view that differ from request to request, rendered by the server
 * into the HTML it answers (sim-server/http/first-views.ts): a signed-in player's own items, a
 * finished battle. The build writes each page ahead with those parts blank, or with the loading
 * placeholder, between `<!--first-view:NAME-->` marks (scripts/prerender.ts); the server asks the
 * method below as the app would, with the asker's session, and puts in what these components
 * render. The page's largest paint then comes from HTML, before the app has loaded, and the
 * app's first render over it draws the same markup from the same components.
 *
 * Built for Node beside the app (scripts/build.ts: dist/ssr/first-views.js).
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MethodName, MethodResult } from '../contract/index.ts';
import { BattleFrame, BattleStage, roundsOverBy, type BattleDetail } from '../features/battles/first-view.ts';
import { INVENTORY_PAGE, InventoryGrid, InventoryItems, InventoryTotal, mayHaveMore } from '../features/inventory/first-view.ts';

/**
 * A page whose first view the server fills in: the call whose answer fills it (its params from
 * the route's), and each part by name.
 */
interface FirstView<N extends MethodName> {
  method: N;
  /** The params of the app's own first call for the page, as a query string's fields. */
  params(route: Record<string, string>): Record<string, string>;
  /** Each part's markup from the answer; undefined leaves the part as built. */
  parts: Record<string, (answer: MethodResult<N>, route: Record<string, string>) => string | undefined>;
}

/** What the server needs of a page's first view, whatever its method. */
export interface FirstViewParts {
  method: MethodName;
  params(route: Record<string, string>): Record<string, string>;
  /** The part's markup from the method's answer, or undefined to leave it as built. */
  render(part: string, answer: unknown, route: Record<string, string>): string | undefined;
}

function firstView<N extends MethodName>(view: FirstView<N>): FirstViewParts {
  // The answer is the server's own, of the method the view names.
  return { method: view.method, params: view.params, render: (part, answer, route) => view.parts[part]?.(answer as MethodResult<N>, route) };
}

// Links render their address from a router's; this one has no routes and never navigates.
const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
const markup = (node: ReactNode) => renderToStaticMarkup(<RouterContextProvider router={router}>{node}</RouterContextProvider>);

const nothingSelling: ReadonlySet<string> = new Set();
const noop = () => {};

const inventory = firstView({
  method: 'inventory.getAssets',
  params: () => ({ count: String(INVENTORY_PAGE) }),
  parts: {
    'inventory-total': (page) => markup(<InventoryTotal resume={page.resume} />),
    // No items: the app's empty note is the blank one the build made.
    'inventory-items': (page) =>
      page.items.length === 0
        ? undefined
        : markup(
            <InventoryItems>
              <InventoryGrid items={page.items} selling={nothingSelling} onSell={noop} more={mayHaveMore(page) ? { loading: false, onMore: noop } : undefined} />
            </InventoryItems>,
          ),
  },
});

const battle = firstView({
  method: 'arena.game',
  params: ({ gameId }) => ({ hash: gameId! }),
  parts: {
    // A battle whose rounds are all over, as its page shows it from its first render; one still
    // playing spins its rounds in the app's scene, which the placeholder waits for.
    page: (answer, { gameId }) => {
      if (answer.game.type !== 'battle' || (answer.game.status !== 'finished' && answer.game.status !== 'closed')) return undefined;
      const detail = answer as BattleDetail;
      return markup(
        <BattleFrame gameId={gameId!} detail={detail}>
          <BattleStage detail={detail} revealed={roundsOverBy(detail.game, Date.now())} spinning={null} spins={false} failed={false} floating={[]} />
        </BattleFrame>,
      );
    },
  },
});

/** The pages, by the route pattern their address matches, whose first view the server fills in. */
export const FIRST_VIEWS: Readonly<Record<string, FirstViewParts>> = {
  '/inventory': inventory,
  '/battle/$gameId': battle,
};
