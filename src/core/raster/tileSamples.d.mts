type Words = Uint16Array | Uint8Array;
export declare function undoHorizontalDifferencing(words: Words, tileWidth: number, row: number, lastCol?: number): void;
export declare function pickSamples<T extends Words>(words: Words, tileWidth: number, usableRows: number, rows: ArrayLike<number>, cols: ArrayLike<number>, out: T): T;
export declare function pickDeflateSamples(job: {
  buffer: ArrayBuffer | Uint8Array;
  tileWidth: number;
  tileHeight: number;
  littleEndian: boolean;
  predictor: number;
  rows: ArrayLike<number>;
  cols: ArrayLike<number>;
  complete?: boolean;
}): Uint16Array | null;
export declare function prefixBytes(compressedBytes: number, share: number): number;
export declare function prefixOutputBytes(neededBytes: number, tileBytes: number): number;
export declare function pickInflated(
  raw: Buffer,
  job: { tileWidth: number; littleEndian: boolean; predictor: number; rows: ArrayLike<number>; cols: ArrayLike<number>; complete?: boolean },
): Uint16Array | null;
export declare function wholeTileChunk(tileBytes: number): number;
export declare function inflateTileWords(job: { buffer: Uint8Array; tileWidth: number; tileHeight: number; littleEndian: boolean; lastRow: number; into?: Uint8Array }): { words: Uint16Array; usableRows: number };
