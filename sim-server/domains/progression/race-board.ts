/**
 * A live leaderboard held in memory: players sorted by points (then who got there first, then
 * id), so the top places are a slice and a player's place a binary search, whatever the
 * field's size. The database stays the record; a board is rebuilt from it on first use and
 * follows committed changes after that.
 */
export interface BoardEntry {
  userId: number;
  points: number;
  reachedAt: number;
}

const before = (a: BoardEntry, b: BoardEntry): number => b.points - a.points || a.reachedAt - b.reachedAt || a.userId - b.userId;

/** One period's standings. */
export class RaceBoard {
  private readonly sorted: BoardEntry[] = [];
  private readonly byUser = new Map<number, BoardEntry>();

  constructor(rows: Iterable<BoardEntry>) {
    for (const row of rows) if (row.points > 0) this.byUser.set(row.userId, { ...row });
    this.sorted.push(...this.byUser.values());
    this.sorted.sort(before);
  }

  /** Players with points. */
  get size(): number {
    return this.sorted.length;
  }

  /** Where an entry sits, or would be inserted. */
  private search(entry: BoardEntry): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.sorted[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Adds signed points to a player, as of `at`. A player already on the board moves by shifting
   * only the places between the old and the new one: a wager passes a few players, and taking
   * the entry out and putting it back would move every place below it twice (100,000 ranked,
   * three boards per wager).
   */
  add(userId: number, delta: number, at: number): void {
    if (delta === 0) return;
    const old = this.byUser.get(userId);
    const points = Math.max(0, (old?.points ?? 0) + delta);
    if (points === 0) {
      if (old) {
        this.sorted.splice(this.search(old), 1);
        this.byUser.delete(userId);
      }
      return;
    }
    const entry = { userId, points, reachedAt: delta > 0 ? at : (old?.reachedAt ?? at) };
    this.byUser.set(userId, entry);
    if (!old) {
      this.sorted.splice(this.search(entry), 0, entry);
      return;
    }
    const from = this.search(old);
    // `to` counts the old entry among those before the new one when the player moved down.
    const to = this.search(entry);
    const list = this.sorted;
    if (to <= from) {
      for (let i = from; i > to; i--) list[i] = list[i - 1]!;
      list[to] = entry;
    } else {
      for (let i = from; i < to - 1; i++) list[i] = list[i + 1]!;
      list[to - 1] = entry;
    }
  }

  /** The first `count` places. */
  top(count: number): BoardEntry[] {
    return this.sorted.slice(0, count);
  }

  /** A player's place (1-based) and entry, or null without points. */
  placeOf(userId: number): { place: number; entry: BoardEntry } | null {
    const entry = this.byUser.get(userId);
    return entry ? { place: this.search(entry) + 1, entry } : null;
  }
}
