/**
 * What a scene's clouds are (built by demoClouds.ts, read block by block by demoCloudBlocks.ts): the
 * shape both modules share, in a module of its own so that neither imports the other for it.
 */
export interface SceneClouds {
  /** The day's seed, and the grid's first block in the zone's block lattice (ranks follow the zone's blocks). */
  seed: number;
  blockX0: number;
  blockY0: number;
  cellsAcross: number;
  cellsDown: number;
  /** Cloud amount per cell, padded by one cell on every side (for gradients): (cellsAcross + 2) x (cellsDown + 2). */
  amount: Float32Array;
  /** Cloud blocks per cell, 0..64. */
  count: Uint8Array;
  /**
   * Which of a partly cloudy cell's 64 blocks are cloud: bit b of words 2k (blocks 0-31) and 2k + 1
   * (32-63), valid once `cellKnown[k]` is 1; computed on first use. Flat typed arrays rather than a
   * map of rank arrays: an overview read tests every block of a tile (~65,000) and a map lookup per
   * block, and a small array per cell for the collector, showed in the five-year journey's profile.
   * Null for percent-only builds (cellCloudBits, demoCloudBlocks.ts, then writes to its scratch).
   */
  cellBits: Uint32Array | null;
  cellKnown: Uint8Array | null;
  /** Shadow offset in blocks (x right, y down): the shadow falls away from the sun. */
  shadowDx: number;
  shadowDy: number;
  /** Percent of valid pixels flagged cloud (full resolution); NaN for builds over a window of cells. */
  cloudPercent: number;
  /**
   * Builds over a window of cells (createSceneCloudsNear): the cells whose counts and cloud blocks
   * this build holds (their amounts one cell further). Absent when it holds every cell.
   */
  cells?: CellWindow;
  /** The grid's block lattice coefficients (demoCloudBlocks.ts), looked up on first use: the same for every scene of the grid. */
  blockLattice?: BlockLattice;
}

/**
 * Per block column (x) and row (y) of a grid, the lattice cell and smoothstep weight of the two noises
 * that rank a cell's blocks (coarse: 4 blocks, fine: 1.5 blocks): they depend on the block's position
 * only, never on the day, so they are worked out once per grid rather than 64 times per cell and scene.
 */
export interface BlockLattice {
  coarseX0: Int32Array;
  coarseSx: Float64Array;
  fineX0: Int32Array;
  fineSx: Float64Array;
  coarseY0: Int32Array;
  coarseSy: Float64Array;
  fineY0: Int32Array;
  fineSy: Float64Array;
}

/** Cells x0..x1 (right) and y0..y1 (down) of a scene's grid, inclusive. */
export interface CellWindow {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
