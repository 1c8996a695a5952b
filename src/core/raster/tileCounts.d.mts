import type { DnCounts } from '../landsat/dnCounts.mjs';
import type { InsideRuns, TileSamplePiece } from './byteSourceInterface.js';

export declare function pieceInside(p: Pick<TileSamplePiece, 'rows' | 'cols' | 'rowFirstY' | 'x0'>, runs: InsideRuns): Uint8Array;

/** One piece of a counting job: a tile's picked rows x columns, where they sit, and each file's compressed tile. */
export type CountPiece = Omit<TileSamplePiece, 'index'> & { tiles: Uint8Array[] };

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
