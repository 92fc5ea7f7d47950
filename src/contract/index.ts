/** The one description of the wire. Imports nothing from the DOM or from Node. */
export * from './errors.ts';
export * from './query.ts';
export * from './wire.ts';
export * from './define.ts';
export * from './entities.ts';
export * from './chat.ts';
export * from './boosters.ts';
export * from './history.ts';
export * from './currencies.ts';
export * from './socket.ts';
export * from './methods/index.ts';
