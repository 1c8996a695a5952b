export interface LoopCpuFigures {
  ticks: number;
  tickMs: number;
  /** CPU ms the main thread spent between two ticks of a 10 ms timer: p50, p99, max. */
  loopTurnCpuMs: { p50: number | null; p99: number | null; max: number | null };
  totalCpuMs: number;
  maxWallDelayMs: number;
}
export function createLoopCpuMonitor(): { take(): LoopCpuFigures | null; stop(): void };
