;; Int8 dot products for the look-alike prefilter (quantized-space.ts). Compiled to
;; int8-dot.wasm.ts by `node tools/wasm/compile-wat.mjs`; a test checks the two agree.
;;
;; centers(x, rows, q, scales, scaleQ, out): for each of `rows` rows of 64 int8 values at x,
;;   out[r] = f32(Σ_j x[r·64 + j] · q[j]) · scales[r] · scaleQ
;; The integer sum is exact (|Σ| ≤ 64·127·127 < 2^24, so also exact as f32). A row whose scale
;; is NaN (no vector) yields NaN, which every comparison in the caller rejects.
(module
  (import "env" "memory" (memory 1))
  (func (export "centers")
    (param $x i32) (param $rows i32) (param $q i32) (param $scales i32) (param $scaleQ f32)
    (param $out i32)
    (local $end i32) (local $v v128) (local $acc v128)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128)
    (local $q4 v128) (local $q5 v128) (local $q6 v128) (local $q7 v128)
    ;; The query, widened to i16 once: eight vectors of eight lanes.
    (local.set $v (v128.load offset=0 (local.get $q)))
    (local.set $q0 (i16x8.extend_low_i8x16_s (local.get $v)))
    (local.set $q1 (i16x8.extend_high_i8x16_s (local.get $v)))
    (local.set $v (v128.load offset=16 (local.get $q)))
    (local.set $q2 (i16x8.extend_low_i8x16_s (local.get $v)))
    (local.set $q3 (i16x8.extend_high_i8x16_s (local.get $v)))
    (local.set $v (v128.load offset=32 (local.get $q)))
    (local.set $q4 (i16x8.extend_low_i8x16_s (local.get $v)))
    (local.set $q5 (i16x8.extend_high_i8x16_s (local.get $v)))
    (local.set $v (v128.load offset=48 (local.get $q)))
    (local.set $q6 (i16x8.extend_low_i8x16_s (local.get $v)))
    (local.set $q7 (i16x8.extend_high_i8x16_s (local.get $v)))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $rows) (i32.const 6))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (local.set $v (v128.load offset=0 (local.get $x)))
        (local.set $acc
          (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=16 (local.get $x)))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.add
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=32 (local.get $x)))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.add
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=48 (local.get $x)))
        (local.set $acc
          (i32x4.add (local.get $acc)
            (i32x4.add
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        (f32.store (local.get $out)
          (f32.mul
            (f32.mul
              (f32.convert_i32_s
                (i32.add
                  (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
                  (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
              (f32.load (local.get $scales)))
            (local.get $scaleQ)))
        (local.set $x (i32.add (local.get $x) (i32.const 64)))
        (local.set $scales (i32.add (local.get $scales) (i32.const 4)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row)))))
