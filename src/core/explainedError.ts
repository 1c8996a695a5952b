/**
 * An error whose message already tells a person what went wrong (an upstream failure, a refusal, a
 * band that cannot be read): code that wraps low-level failures in its own error (sceneReader's
 * CogFormatError) passes these through unchanged, checked with `instanceof`.
 */
export class ExplainedError extends Error {}
