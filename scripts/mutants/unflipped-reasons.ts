/**
 * Why no shipped patch declares and flips a behavioural claim. The tests hold every
 * behavioural claim to either a declaring patch or a reason here. The five claims about the
 * listings themselves (the book's tool and step()), which no patch of Pi's dist/ reaches,
 * are declared by listing patches (package "pi-book-companion"), so none is left today.
 */
export const UNFLIPPED_REASONS: Readonly<Record<string, string>> = {};
