export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before letting one trial call through. */
  openMs: number;
  now?: () => number;
}

export interface CircuitBreakerSnapshot {
  state: CircuitState;
  consecutiveFailures: number;
  /** Seconds until a trial call is allowed; 0 unless open. */
  retryInSeconds: number;
  totalFailures: number;
}

export interface CircuitBreaker {
  /** True when a call may go out now; in half-open, only one trial call at a time. */
  tryAcquire(): boolean;
  onSuccess(): void;
  onFailure(): void;
  /** Whole seconds until the next trial call (at least 1 while open). */
  retryInSeconds(): number;
  readonly snapshot: CircuitBreakerSnapshot;
}

/**
 * Closed -> open after `failureThreshold` consecutive failures; open refuses every call for `openMs`;
 * then half-open lets one trial through: success closes, failure opens again. This stops a dead
 * archive from being hammered by every request (and each request from waiting out its timeout).
 */
export function createCircuitBreaker({ failureThreshold, openMs, now = Date.now }: CircuitBreakerOptions): CircuitBreaker {
  let state: CircuitState = 'closed';
  let consecutiveFailures = 0;
  let totalFailures = 0;
  let openedAtMs = 0;
  let trialInFlight = false;

  const currentState = (): CircuitState => {
    if (state === 'open' && now() - openedAtMs >= openMs) {
      state = 'half_open';
      trialInFlight = false;
    }
    return state;
  };
  const retryInSeconds = () => (currentState() === 'open' ? Math.max(1, Math.ceil((openedAtMs + openMs - now()) / 1000)) : 0);

  return {
    tryAcquire() {
      const s = currentState();
      if (s === 'closed') return true;
      if (s === 'open' || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    onSuccess() {
      consecutiveFailures = 0;
      trialInFlight = false;
      state = 'closed';
    },
    onFailure() {
      consecutiveFailures += 1;
      totalFailures += 1;
      trialInFlight = false;
      if (state === 'half_open' || consecutiveFailures >= failureThreshold) {
        state = 'open';
        openedAtMs = now();
      }
    },
    retryInSeconds,
    get snapshot() {
      return { state: currentState(), consecutiveFailures, retryInSeconds: retryInSeconds(), totalFailures };
    },
  };
}
