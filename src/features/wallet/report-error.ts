/** Reporting a failed call from a form that handles some of its errors itself. */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { reportApiError } from '../notifications/index.ts';

/** Reports a failed call the spec's way (a notice titled by its code). */
export function useReportError(): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback((error: unknown) => reportApiError(error, (to) => void navigate({ to })), [navigate]);
}
