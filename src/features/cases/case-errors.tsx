/**
 * The case's load failures in the spec's words (document 1 section 8 'Case load', document 2
 * section 8 'Item loading failure').
 */
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { RpcError, RpcNetworkError } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';

/** The server answered the case's load with an error. */
export const CASE_LOAD_ISSUE = "There's an issue with loading the case - we're on it!";
/** The case's answer came but could not be used. */
export const CASE_LOAD_FAILED = "We're sorry, but the load case did not succeed.";
/** The notice when the items a game spins through do not load. */
export const ITEM_LOAD_ISSUE = 'Issue loading case';

/** Which of the two texts a failed case load shows; null for offline, where the connection banner speaks. */
export function caseLoadText(error: unknown): string | null {
  if (error instanceof RpcNetworkError) return null;
  return error instanceof RpcError ? CASE_LOAD_ISSUE : CASE_LOAD_FAILED;
}

/** /case/{key} when the case did not load (a missing case goes to /404 before this). */
export function CaseLoadError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const text = caseLoadText(error) ?? 'Waiting for connection...';
  return (
    <section className="container route-error" role="alert">
      <h1>{text}</h1>
      <p>{error instanceof RpcError ? error.message : 'Try again in a moment.'}</p>
      <div className="route-error-actions">
        <Button
          variant="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Link to="/cases" className={buttonClass('ghost')}>
          All cases
        </Link>
      </div>
    </section>
  );
}
