import type { DnCounts } from '../landsat/dnCounts.mjs';
import type { InsideRuns, TileSamplePiece } from './byteSourceInterface.js';

export declare function pieceInside(p: Pick<TileSamplePiece, 'rows' | 'cols' | 'rowFirstY' | 'x0'>, runs: InsideRuns): Uint8Array;

/**
 * One piece of a counting job: a tile's picked rows x columns, where they sit, and each file's compressed
 * tile (null: a band's tile not fetched because QA_PIXEL shows no clear pixel in the piece, pieceClearRows).
 */
export type CountPiece = Omit<TileSamplePiece, 'index'> & { tiles: (Uint8Array | null)[] };

export interface CountPiecesJob {
  tileWidth: number;
  tileHeight: number;
  files: { littleEndian: boolean; predictor: number }[];
  pieces: CountPiece[];
  bands: number[];
  qaFile: number;
  maskBits: number;
  inside: InsideRuns;
  /** Files other than QA_PIXEL counted over clear pixels only (no masked DNs listed); a piece with no clear pixel inside has their tiles left compressed. */
  clearBandsOnly?: boolean;
}

export declare function countDeflatePieces(job: CountPiecesJob): DnCounts[];

/** Per piece, the last row (index into its `rows`) with a clear pixel inside the runs, or -1; only `tiles[qaFile]` is read. */
export declare function pieceClearRows(job: Omit<CountPiecesJob, 'bands' | 'clearBandsOnly'>): Int32Array;
