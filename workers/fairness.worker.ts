// The fairness Web Worker: exposes workers/fairness-api.ts with Comlink, nothing else.
// `self` is passed explicitly (with the default endpoint, calls hang under test runners); the
// cast is because tsconfig types the DOM's Window, not a worker's global scope.
import * as Comlink from 'comlink';
import { fairnessApi } from './fairness-api.ts';

Comlink.expose(fairnessApi, self as unknown as Comlink.Endpoint);
