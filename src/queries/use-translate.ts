import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { translateId } from '../api/fabricext';
import type { IdKind } from '../api/schemas';
import { locationKeys } from './keys';
import { VINTAGED } from './query-client';

/** location_id ⇄ uuid in one vintage: the panel's uuid, or a pasted id in the search box. */
export function translateQueryOptions(
  vintage: string | null | undefined,
  src: IdKind,
  dest: IdKind,
  id: string | number | null | undefined,
) {
  const idText = id == null ? '' : String(id).trim();
  return queryOptions({
    queryKey: locationKeys.translate(vintage ?? '', src, dest, idText),
    queryFn:
      vintage && idText !== ''
        ? ({ signal }) => translateId(vintage, src, dest, idText, signal)
        : skipToken,
    ...VINTAGED,
  });
}

export function useTranslate(
  vintage: string | null | undefined,
  src: IdKind,
  dest: IdKind,
  id: string | number | null | undefined,
) {
  return useQuery(translateQueryOptions(vintage, src, dest, id));
}
