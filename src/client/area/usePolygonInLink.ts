import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadSavedArea, saveAreaForLink } from '../api/savedAreasApi.js';
import { encodePolygonParam } from '../urlState/polygonParam.js';
import type { AreaDrawing } from './useAreaDrawing.js';

/** How the area's polygon is in the link: its corners (`poly`), a short id the server keeps (`areaId`), or not (yet). */
export interface PolygonInLink {
  poly: string | null;
  areaId: string | null;
  /** In words for the area panel, or null when there is no polygon. */
  note: string | null;
}

/**
 * Keeps the area polygon in the page link: a short one as its corners (`poly`), a longer one as the id
 * POST /api/areas answers (`areaId`). A link's `areaId` is read back with GET /api/areas/{id}.
 */
export function usePolygonInLink(area: AreaDrawing, linkAreaId: string | undefined, onLinkProblem: (problem: string) => void): PolygonInLink {
  const value = area.geometry?.value;
  const poly = useMemo(() => (value ? encodePolygonParam(value) : null), [value]);
  const body = value && poly === null ? JSON.stringify(value) : null;
  const saved = useQuery({ queryKey: ['saved-area', body], queryFn: ({ signal }) => saveAreaForLink(JSON.parse(body!), signal), enabled: body !== null, retry: false, staleTime: Infinity });

  // A link's areaId: its polygon becomes the area once (unless another was drawn meanwhile).
  const opened = useQuery({ queryKey: ['saved-area-load', linkAreaId], queryFn: ({ signal }) => loadSavedArea(linkAreaId!, signal), enabled: Boolean(linkAreaId), retry: false, staleTime: Infinity });
  const applied = useRef(false);
  const { setGeometry } = area;
  useEffect(() => {
    if (applied.current || !linkAreaId) return;
    if (opened.data) {
      applied.current = true;
      if (!area.geometry) setGeometry({ name: 'the polygon from the link', value: opened.data, drawn: false });
    } else if (opened.error) {
      applied.current = true;
      onLinkProblem(`areaId=${linkAreaId.slice(0, 24)}: ${opened.error.message}`);
    }
  }, [opened.data, opened.error, linkAreaId, area.geometry, setGeometry, onLinkProblem]);

  if (!value) return { poly: null, areaId: null, note: null };
  if (poly !== null) return { poly, areaId: null, note: 'It is kept in the page link.' };
  if (saved.data) return { poly: null, areaId: saved.data, note: 'It is kept in the page link (as a short id the server keeps).' };
  if (saved.error) return { poly: null, areaId: null, note: `It is too long for the page link and the server could not keep it: ${saved.error.message}` };
  return { poly: null, areaId: null, note: 'Keeping it for the page link…' };
}
