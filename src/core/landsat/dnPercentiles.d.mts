export declare function dnHistogram(dn: Uint16Array, only?: Uint8Array): Uint32Array;
export declare function dnPercentiles(bins: Uint32Array, percent?: number): { lowDn: number; highDn: number } | null;
