// An error as one line for the panel: the service's message, which operation, which status.
import { isApiError } from '../../api/api-error';

export function errorText(error: unknown): string {
  if (isApiError(error))
    return `${error.message} (${error.operation}, ${error.status || 'no answer'})`;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
