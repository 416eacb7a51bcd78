/**
 * Why no shipped patch flips a behavioural claim: each is a statement about the
 * companion's own code (the book's tool or step()), or a behaviour a one-place patch of
 * dist/ cannot remove without breaking everything else. Appendix D prints these; the
 * tests hold every behavioural claim to either a declaring patch or a reason here.
 */
export const UNFLIPPED_REASONS: Readonly<Record<string, string>> = {};
