/**
 * Every database call in the server is awaited (docs/decisions/0057). The seam is async: a
 * statement left floating (`tx.run(...)` without `await`) could run after its transaction's
 * COMMIT or ROLLBACK (it is then refused), or its failure could go unseen while the
 * transaction commits without it. The type checker does not see this, and oxlint's
 * no-floating-promises needs type-aware linting, which this repository's oxlint does not have.
 *
 * The rule this test holds, read from the source text of sim-server (comments left out): a call
 * of `run`, `get`, `all` or `transaction` on a handle named `tx` or `db` (`tx.run`, `ctx.db.get`,
 * `services.db.transaction`, ...), and every `moneyTx(...)`, is preceded by `await`, by
 * `return`, or by `=>` (the expression body of an arrow, whose promise its caller awaits), or
 * is an element of the array literal of an awaited `Promise.all([...])` (statements that do not
 * wait for each other's answers, written together: docs/decisions/0059; each is awaited, and
 * the first to fail is the one thrown). Anything else (a bare statement, an argument, `void`)
 * is reported with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** A database call: the handle (`tx`, `db`, `ctx.db`, ...), the method, and an optional type argument. */
const CALL = /(?<![\w$])(?:[\w$]+\.)*(?:tx|db)\.(?:run|get|all|transaction)\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(|(?<![\w$])(?:[\w$]+\.)*moneyTx\s*\(/g;
const ALLOWED_BEFORE = /(?:\bawait|\breturn|=>)\s*\(?\s*$/;

/** The source with comments blanked out (strings kept: a statement's SQL never holds a call). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (m, lead: string) => lead + ' '.repeat(m.length - lead.length));
}

/** `await Promise.all([`, up to its array's opening bracket. */
const AWAITED_ALL = /\bawait\s+Promise\.all\s*\(\s*\[/g;

/**
 * Where each element of an awaited Promise.all's array literal starts: just after the `[` and
 * after each comma at the array's own depth (brackets, parentheses and braces counted; the SQL
 * strings of statements hold none that matter, and template literals are skipped whole).
 */
function awaitedElementStarts(code: string): Set<number> {
  const starts = new Set<number>();
  for (const match of code.matchAll(AWAITED_ALL)) {
    let depth = 0;
    let i = match.index + match[0].length;
    starts.add(i);
    for (; i < code.length; i++) {
      const c = code[i]!;
      if (c === "'" || c === '"' || c === '`') {
        const close = code.indexOf(c, i + 1);
        if (close === -1) break;
        i = close;
      } else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) starts.add(i + 1);
    }
  }
  return starts;
}

/** Every call in `source` not awaited, returned, an arrow's body or an awaited Promise.all's element, as `line: text`. */
export function floatingCalls(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const elements = awaitedElementStarts(code);
  for (const match of code.matchAll(CALL)) {
    const before = code.slice(Math.max(0, match.index - 40), match.index);
    if (ALLOWED_BEFORE.test(before)) continue;
    // Only the call that is the element itself, not one nested in an element's arguments.
    const start = match.index - (before.length - before.trimEnd().length);
    if (elements.has(start)) continue;
    const line = code.slice(0, match.index).split('\n').length;
    found.push(`${line}: ${code.split('\n')[line - 1]!.trim().slice(0, 120)}`);
  }
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('database calls are awaited', () => {
  test('no statement or transaction call in sim-server is left floating', () => {
    const floating = tsFiles(join(ROOT, 'sim-server')).flatMap((file) =>
      floatingCalls(readFileSync(file, 'utf8')).map((call) => `${relative(ROOT, file)}:${call}`),
    );
    expect(floating).toEqual([]);
  });

  test('the rule finds a floating call and lets awaited, returned and arrow-body calls pass', () => {
    const source = `
      async function pay(tx: Tx, db: Db, ctx: CallContext) {
        await tx.run('UPDATE a SET b = 1');
        const row = (await ctx.db.get<{ n: number }>('SELECT 1 AS n'))!;
        await db.transaction((inner) => inner.run('UPDATE a SET b = 2'));
        // tx.run('in a comment') is not code
        tx.run('UPDATE a SET b = 3');
        const rows = db.all<Row>('SELECT * FROM a');
        void services.db.transaction(async (t) => t.run('x'));
        ctx.moneyTx(async (t) => t.get('y'));
        return tx.get('SELECT 2');
      }
      async function together(tx: Tx) {
        const [a, b] = await Promise.all([tx.get('SELECT 3'), tx.run('UPDATE a SET b = (4)', [1, 2])]);
        await Promise.all([
          tx.run('UPDATE a SET b = 5'),
          f(tx.run('UPDATE a SET b = 6')),
        ]);
        const later = Promise.all([tx.run('UPDATE a SET b = 7')]);
      }`;
    expect(floatingCalls(source).map((call) => call.replace(/:.*/, ''))).toEqual(['7', '8', '9', '10', '17', '19']);
  });
});
