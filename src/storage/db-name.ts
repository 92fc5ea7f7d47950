/** The IndexedDB database's name, apart from db.ts so the entry can name it without loading Dexie. */
export const DB_NAME = 'arena';
