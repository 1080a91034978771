// The squares the boards draw: core's integer squares, 0..287 (three levels of 8 ranks by
// 12 files). The renderer checks every square it is handed against these; the page names
// them (web/app/facts/squares.js).

export const SQUARES = 288;
export const isSquare = (sq) => Number.isInteger(sq) && sq >= 0 && sq < SQUARES;
