import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadSavedArea, saveAreaForLink } from '../api/savedAreasApi.js';
import { usePopState } from '../urlState/fetchHistory.js';
import { encodePolygonParam } from '../urlState/polygonParam.js';
import { readUrlState } from '../urlState/readUrlState.js';
import type { AreaDrawing } from './useAreaDrawing.js';

/** How the area's polygon is in the link: its corners (`poly`), a short id the server keeps (`areaId`), or not (yet). */
export interface PolygonInLink {
  poly: string | null;
  areaId: string | null;
  /** In words for the area panel, or null when there is no polygon. */
  note: string | null;
}

/** A polygon id to read back with GET /api/areas/{id}: the opened link's, or a history entry's. */
interface AreaIdToLoad {
  id: string;
  /** Back/Forward: the entry's polygon replaces the one shown (a link's does not replace one drawn meanwhile). */
  fromHistory: boolean;
}

const FROM_LINK = 'the polygon from the link';

/**
 * Keeps the area polygon in the page link: a short one as its corners (`poly`), a longer one as the id
 * POST /api/areas answers (`areaId`). A link's `areaId` is read back with GET /api/areas/{id}. Back and
 * Forward restore the polygon of the entry they land on (or none), as opening its link does.
 */
export function usePolygonInLink(area: AreaDrawing, linkAreaId: string | undefined, onLinkProblem: (problem: string) => void): PolygonInLink {
  const value = area.geometry?.value;
  const poly = useMemo(() => (value ? encodePolygonParam(value) : null), [value]);
  const body = value && poly === null ? JSON.stringify(value) : null;
  const saved = useQuery({ queryKey: ['saved-area', body], queryFn: ({ signal }) => saveAreaForLink(JSON.parse(body!), signal), enabled: body !== null, retry: false, staleTime: Infinity });

  const [toLoad, setToLoad] = useState<AreaIdToLoad | null>(linkAreaId ? { id: linkAreaId, fromHistory: false } : null);
  const loadId = toLoad?.id;
  const opened = useQuery({ queryKey: ['saved-area-load', loadId], queryFn: ({ signal }) => loadSavedArea(loadId!, signal), enabled: Boolean(loadId), retry: false, staleTime: Infinity });
  const { setGeometry } = area;
  useEffect(() => {
    if (!toLoad) return;
    if (opened.data) {
      setToLoad(null);
      if (toLoad.fromHistory || !area.geometry) setGeometry({ name: FROM_LINK, value: opened.data, drawn: false });
    } else if (opened.error) {
      setToLoad(null);
      onLinkProblem(`areaId=${toLoad.id.slice(0, 24)}: ${opened.error.message}`);
    }
  }, [opened.data, opened.error, toLoad, area.geometry, setGeometry, onLinkProblem]);

  const areaId = poly === null && saved.data ? saved.data : null;
  // Back/Forward: the entry's polygon (the same one stays as it is, with its name), or none.
  usePopState((search) => {
    const url = readUrlState(search);
    if (url.polygon !== undefined) {
      setToLoad(null);
      if (encodePolygonParam(url.polygon) !== poly) setGeometry({ name: FROM_LINK, value: url.polygon, drawn: false });
    } else if (url.areaId !== undefined) {
      if (url.areaId === areaId) return setToLoad(null);
      // Not the one shown: none until the entry's own is read back (never a polygon of another entry).
      setGeometry(null);
      setToLoad({ id: url.areaId, fromHistory: true });
    } else {
      setToLoad(null);
      if (value) setGeometry(null);
    }
  });

  if (!value) return { poly: null, areaId: null, note: null };
  if (poly !== null) return { poly, areaId: null, note: 'It is kept in the page link.' };
  if (saved.data) return { poly: null, areaId: saved.data, note: 'It is kept in the page link (as a short id the server keeps).' };
  if (saved.error) return { poly: null, areaId: null, note: `It is too long for the page link and the server could not keep it: ${saved.error.message}` };
  return { poly: null, areaId: null, note: 'Keeping it for the page link…' };
}
