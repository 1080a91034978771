// The 60-ply game reviewed by analysis.test.mjs and bench-review.mjs.
// A 60-ply game: the engine against itself at 4,000 nodes a move (fixed data: it was made
// at the strength then numbered 6).
export const GAME60 = (
  '3g13a7 3g83a2 3c13e4 3a22a1 3a72a8 3c83e5 3e43g7 3e53g2 3g72f8 3g22f1 2f82g7 2f12g2 2g72h8 ' +
  '2g22h1 2h83i7 2h13i2 3i72j8 3i22j1 2j83k7 2j13k2 3k72l8 3k22l1 2c12e3 3k83i5 2k12j3 3a22a2 2l82k7 1k81k7 3a73f2 ' +
  '2l13k2 2b22b3 2h72h6 3k13i4 2i82e4 2h22h3 2c82e6 3e23d3 2k82j6 2i12e5 1g81g6 1f21f3 3a23d5 2b12c3 2e42c2 2d12c2 ' +
  '3d52e5 1g11g3 2b82c6 2c22e4 2a72a6 1d21d3 1c81c7 1d31c3 1d71d6 1j21j3 1l71l6 1c11c2 1f71f6 1l21l3 2a62a5'
).split(' ');
