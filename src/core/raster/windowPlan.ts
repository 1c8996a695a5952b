/**
 * Which tiles a window read touches, and which of their rows and columns it picks: the geometry of a
 * read, apart from its bytes. It depends only on the level, the window and the output size, so it is
 * worked out once per parsed header and reused: a series reads the same window of every band of
 * every scene of a path/row (and the demo archive's files of one path/row share their header), and
 * working it out per band, with its maps and typed arrays, showed in the five-year journey's profile.
 */
import type { CogHeader, CogLevel } from './cogHeader.js';

export interface PlannedTile {
  tx: number;
  ty: number;
  index: number;
  /** Output columns [xs, xe) and rows [ys, ye) the tile fills. */
  xs: number;
  xe: number;
  ys: number;
  ye: number;
  /** The tile's rows (each once, ascending) and columns the read picks, relative to the tile. Shared: read-only. */
  rows: Int32Array;
  cols: Int32Array;
}

export interface WindowPlan {
  outW: number;
  outH: number;
  /** Level column (row) of each output column (row); -1 outside the raster. */
  colAt: Int32Array;
  rowAt: Int32Array;
  /** Tiles holding picked pixels, without the sparse ones (offset or byte count 0: they stay 0). */
  tiles: PlannedTile[];
}

/** Plans kept per header: a series asks a handful of windows (the box, the point's 3 x 3). */
const PLANS_PER_HEADER = 16;
const plansByHeader = new WeakMap<CogHeader, Map<string, WindowPlan>>();

/**
 * The plan of reading [col0, row0, col1, row1) of `level`, or with `size` its nearest-neighbour
 * decimation to that size (output pixel i samples window pixel floor((i + 0.5) * step)).
 */
export function windowPlan(header: CogHeader, level: CogLevel, [col0, row0, col1, row1]: readonly number[], size?: { width: number; height: number }): WindowPlan {
  const key = `${level.index}:${col0},${row0},${col1},${row1}:${size ? `${size.width}x${size.height}` : ''}`;
  let plans = plansByHeader.get(header);
  const known = plans?.get(key);
  if (known) return known;
  const plan = makePlan(level, col0, row0, col1, row1, size);
  if (!plans) plansByHeader.set(header, (plans = new Map()));
  plans.set(key, plan);
  if (plans.size > PLANS_PER_HEADER) plans.delete(plans.keys().next().value!);
  return plan;
}

function picks(n: number, span: number, origin: number, limit: number, decimate: boolean): Int32Array {
  const at = new Int32Array(n);
  const step = span / Math.max(1, n);
  for (let i = 0; i < n; i++) {
    const v = origin + (decimate ? Math.min(span - 1, Math.floor((i + 0.5) * step)) : i);
    at[i] = v >= 0 && v < limit ? v : -1;
  }
  return at;
}

/** Per tile column (row): the output columns (rows) it holds, a contiguous run since picks only grow. */
function spans(at: Int32Array, tileSize: number): Map<number, [number, number]> {
  const found = new Map<number, [number, number]>();
  for (let i = 0; i < at.length; i++) {
    const v = at[i];
    if (v < 0) continue;
    const t = Math.floor(v / tileSize);
    const span = found.get(t);
    if (span) span[1] = i + 1;
    else found.set(t, [i, i + 1]);
  }
  return found;
}

function makePlan(level: CogLevel, col0: number, row0: number, col1: number, row1: number, size?: { width: number; height: number }): WindowPlan {
  const windowW = Math.max(0, col1 - col0);
  const windowH = Math.max(0, row1 - row0);
  const outW = size?.width ?? windowW;
  const outH = size?.height ?? windowH;
  const colAt = picks(outW, windowW, col0, level.width, size !== undefined);
  const rowAt = picks(outH, windowH, row0, level.height, size !== undefined);
  const colSpans = spans(colAt, level.tileWidth);
  const rowSpans = spans(rowAt, level.tileHeight);
  const tilesAcross = Math.ceil(level.width / level.tileWidth);
  const colsOf = new Map<number, Int32Array>();
  for (const [tx, [xs, xe]] of colSpans) colsOf.set(tx, colAt.slice(xs, xe).map((c) => c - tx * level.tileWidth));
  const tiles: PlannedTile[] = [];
  for (const [ty, [ys, ye]] of rowSpans) {
    // The tile's rows this read picks, each once however many output rows repeat it.
    const rows: number[] = [];
    for (let y = ys; y < ye; y++) {
      const r = rowAt[y] - ty * level.tileHeight;
      if (rows[rows.length - 1] !== r) rows.push(r);
    }
    const tileRows = Int32Array.from(rows);
    for (const [tx, [xs, xe]] of colSpans) {
      const index = ty * tilesAcross + tx;
      // GDAL writes sparse (all-nodata) tiles with offset/bytecount 0: they stay 0.
      if (level.tileOffsets[index] && level.tileByteCounts[index]) tiles.push({ tx, ty, index, xs, xe, ys, ye, rows: tileRows, cols: colsOf.get(tx)! });
    }
  }
  return { outW, outH, colAt, rowAt, tiles };
}
