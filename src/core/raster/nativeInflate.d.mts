export declare function inflateEngine(): { engine: 'libdeflate' } | { engine: 'zlib'; reason: string };
export declare function inflateWhole(bytes: Uint8Array, maxBytes: number, into?: Uint8Array): Buffer | null;
