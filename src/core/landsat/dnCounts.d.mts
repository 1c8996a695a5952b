export declare const PIXEL_FILL: 0;
export declare const PIXEL_MASKED: 1;
export declare const PIXEL_CLEAR: 2;
/** One band's pixels counted per DN (countDns). */
export interface DnCounts {
  fill: number;
  clearDns: Uint16Array;
  clearCounts: Uint32Array;
  maskedDns: Uint16Array;
  maskedCounts: Uint32Array;
}
export declare function classifyPixels(qa: ArrayLike<number>, maskBits: number): Uint8Array;
export declare function countDns(dn: Uint16Array, classes: Uint8Array): DnCounts;
export declare function countWindowDns(qa: Uint16Array, maskBits: number, bands: Uint16Array[], inside?: Uint8Array): DnCounts[];
/** countWindowDns fed a window's pieces (tiles) in any order, with the same result (dnCounts.mjs). */
export interface DnTally {
  add(qa: ArrayLike<number>, bands: ArrayLike<number>[], nRows: number, nCols: number, rowFirstY: ArrayLike<number>, rowRepeat: ArrayLike<number>, x0: number, outW: number, inside?: ArrayLike<number>): void;
  finish(fillOutside?: number): DnCounts[];
}
export declare function createDnTally(bandCount: number, maskBits: number, ordered?: boolean): DnTally;
/** Counts of parts of one window added up, band by band (dnCounts.mjs); DNs in ascending order. */
export interface DnSum {
  add(parts: DnCounts[]): void;
  finish(fillOutside?: number): DnCounts[];
}
export declare function createDnSum(bandCount: number): DnSum;
/** One list's DNs and counts in ascending DN order (the same arrays when they rise already). */
export declare function inDnOrder(dns: Uint16Array, counts: Uint32Array): { dns: Uint16Array; counts: Uint32Array };
