/**
 * A signed-in player's own parts of a page's first view, rendered by the server into the HTML
 * it answers (sim-server/http/first-views.ts). The build writes each such page ahead with those
 * parts blank, between `<!--first-view:NAME-->` marks (scripts/prerender.ts); the server asks the
 * method below as the player would and puts in what these components render. The items then
 * paint from HTML, before the app has loaded, and the app's first render over them draws the
 * same markup from the same components.
 *
 * Built for Node beside the app (scripts/build.ts: dist/ssr/first-views.js).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { MethodName, MethodResult } from '../contract/index.ts';
import { INVENTORY_PAGE, InventoryGrid, InventoryItems, InventoryTotal, mayHaveMore } from '../features/inventory/first-view.ts';

/** A page whose first view has a player's parts: the call whose answer fills them, and each part by name. */
interface FirstView<N extends MethodName> {
  method: N;
  /** The params of the app's own first call for the page, as a query string's fields. */
  params: Record<string, string>;
  /** Each part's markup from the answer; undefined leaves the part blank for the app. */
  parts: Record<string, (answer: MethodResult<N>) => string | undefined>;
}

const nothingSelling: ReadonlySet<string> = new Set();
const noop = () => {};

const inventory: FirstView<'inventory.getAssets'> = {
  method: 'inventory.getAssets',
  params: { count: String(INVENTORY_PAGE) },
  parts: {
    'inventory-total': (page) => renderToStaticMarkup(<InventoryTotal resume={page.resume} />),
    // No items: the app's empty note links into the router, which is the app's alone.
    'inventory-items': (page) =>
      page.items.length === 0
        ? undefined
        : renderToStaticMarkup(
            <InventoryItems>
              <InventoryGrid items={page.items} selling={nothingSelling} onSell={noop} more={mayHaveMore(page) ? { loading: false, onMore: noop } : undefined} />
            </InventoryItems>,
          ),
  },
};

/** What the server needs of a page's first view, whatever its method. */
export interface PersonalParts {
  method: MethodName;
  params: Record<string, string>;
  /** The part's markup from the method's answer, or undefined to leave it blank. */
  render(part: string, answer: unknown): string | undefined;
}

function personalParts<N extends MethodName>(view: FirstView<N>): PersonalParts {
  // The answer is the server's own, of the method the view names.
  return { method: view.method, params: view.params, render: (part, answer) => view.parts[part]?.(answer as MethodResult<N>) };
}

/** The pages, by path, whose first view the server fills in for a signed-in player. */
export const FIRST_VIEWS: Readonly<Record<string, PersonalParts>> = {
  '/inventory': personalParts(inventory),
};
