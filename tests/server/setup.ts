/**
 * Each server test file's setup: what its servers logged (warnings and errors, such as the
 * cause behind an 'Internal error' answer) is printed with a test that failed, and dropped
 * otherwise, since many tests provoke logged errors on purpose.
 */
import { beforeEach } from 'vitest';
import { takeServerLog } from './harness.ts';

beforeEach(({ onTestFailed }) => {
  takeServerLog();
  onTestFailed(() => {
    const lines = takeServerLog();
    if (lines.length) console.error(`The server logged during this test:\n${lines.join('')}`);
  });
});
