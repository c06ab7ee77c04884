// The 422 maxcount_exceeded of summarize and the report (schemas/maxcount.ts gives its shape).
import { ServiceError } from '../../contract/errors';

export function maxcountExceeded(
  what: string,
  counts: { locationcount: number; maxcount: number },
): ServiceError {
  const { locationcount, maxcount } = counts;
  return new ServiceError(
    'maxcount_exceeded',
    `the area holds ${locationcount} locations; at most ${maxcount} can be ${what} at once`,
    { locationcount, maxcount },
    undefined,
    { locationcount, maxcount },
  );
}
