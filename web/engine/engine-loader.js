// Which build of the wasm engine this browser runs, and loading it. Two builds of the
// same engine, next to this file, that differ only in speed:
//   simd   dragonchess_engine_simd.mjs/.wasm: 128-bit SIMD, bulk memory operations, sign
//          extension and non-trapping float-to-int conversions
//   plain  dragonchess_engine.mjs/.wasm: WebAssembly 1.0, runs everywhere
// The SIMD build is chosen when WebAssembly validates FEATURE_PROBE, a tiny module that
// uses one instruction of each of those features (every browser with SIMD has the other
// three too: Chrome 91, Firefox 89, Safari 16.4). The page (rules) and the worker (search)
// load through here, so both run the same build.

// (module (memory 1) (func (result i32)
//   (memory.fill (i32.const 0) (i32.const 0) (i32.const 0))      ;; bulk memory
//   (drop (i32.extend8_s (i32.const 0)))                         ;; sign extension
//   (drop (i32.trunc_sat_f32_s (f32.const 0)))                   ;; non-trapping float-to-int
//   (v128.any_true (i8x16.popcnt (i8x16.splat (i32.const 0)))))) ;; SIMD (its final opcodes)
export const FEATURE_PROBE = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // magic, version 1
  0x01,
  0x05,
  0x01,
  0x60,
  0x00,
  0x01,
  0x7f, // type section: () -> i32
  0x03,
  0x02,
  0x01,
  0x00, // function section: one function of type 0
  0x05,
  0x03,
  0x01,
  0x00,
  0x01, // memory section: one memory, 1 page
  0x0a,
  0x21,
  0x01,
  0x1f,
  0x00, // code section: one body of 31 bytes, no locals
  0x41,
  0x00,
  0x41,
  0x00,
  0x41,
  0x00,
  0xfc,
  0x0b,
  0x00, // memory.fill
  0x41,
  0x00,
  0xc0,
  0x1a, // i32.extend8_s, drop
  0x43,
  0x00,
  0x00,
  0x00,
  0x00,
  0xfc,
  0x00,
  0x1a, // i32.trunc_sat_f32_s, drop
  0x41,
  0x00,
  0xfd,
  0x0f,
  0xfd,
  0x62,
  0xfd,
  0x53, // i8x16.splat, i8x16.popcnt, v128.any_true
  0x0b, // end
]);

// 'simd' or 'plain'. (validate is WebAssembly.validate; a test passes its own.)
export function engineBuild(
  validate = (bytes) => typeof WebAssembly === 'object' && WebAssembly.validate(bytes),
) {
  try {
    return validate(FEATURE_PROBE) ? 'simd' : 'plain';
  } catch {
    return 'plain';
  }
}

// The chosen build's module factory (the Emscripten MODULARIZE function).
export async function engineFactory(build = engineBuild()) {
  const mod =
    build === 'simd'
      ? // @ts-ignore: the Emscripten build, made beside this file by scripts/build-wasm (no types)
        await import('./dragonchess_engine_simd.mjs')
      : // @ts-ignore: likewise
        await import('./dragonchess_engine.mjs');
  return mod.default;
}

// The engine module, instantiated: what `DragonchessEngine()` of either build resolves
// to, with `.build` telling which one it is. Should the SIMD build fail to load, the
// plain one is tried.
export async function loadEngine(build = engineBuild()) {
  let M;
  try {
    M = await (await engineFactory(build))();
  } catch (e) {
    if (build === 'plain') throw e;
    console.warn(`the ${build} engine build failed to load (${e && e.message}); loading the plain build`);
    return loadEngine('plain');
  }
  M.build = build;
  return M;
}
