;; Int8 dot products for the look-alike prefilter (quantized-space.ts). Compiled to
;; int8-dot.wasm.ts by `node tools/wasm/compile-wat.mjs`; a test checks the two agree.
;;
;; centers(x, rows, q, scales, scaleQ, out): for each of `rows` rows of 64 int8 values at x,
;;   out[r] = f32(Σ_j x[r·64 + j] · q[j]) · scales[r] · scaleQ
;; The integer sum is exact (|Σ| ≤ 64·127·127 < 2^24, so also exact as f32). A row whose scale
;; is NaN (no vector) yields NaN, which every comparison in the caller rejects.
;;
;; Rows go four at a time: each row's 16 products per load are summed into an i32x4, and the
;; four rows' i32x4 are reduced together by shuffles into one vector of four sums, converted,
;; scaled and stored with one instruction each. Leftover rows (rows mod 4) go one at a time.
(module
  (import "env" "memory" (memory 1))
  (func (export "centers")
    (param $x i32) (param $rows i32) (param $q i32) (param $scales i32) (param $scaleQ f32)
    (param $out i32)
    (local $end i32) (local $blockEnd i32) (local $v v128) (local $t v128) (local $u v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $sq v128)
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
    (local.set $sq (f32x4.splat (local.get $scaleQ)))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $rows) (i32.const 6))))
    (local.set $blockEnd
      (i32.add (local.get $x) (i32.shl (i32.and (local.get $rows) (i32.const -4)) (i32.const 6))))
    (block $blocksDone
      (loop $block
        (br_if $blocksDone (i32.ge_u (local.get $x) (local.get $blockEnd)))
        (local.set $v (v128.load offset=0 (local.get $x)))
        (local.set $a0 (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=16 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=32 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=48 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        (local.set $v (v128.load offset=64 (local.get $x)))
        (local.set $a1 (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=80 (local.get $x)))
        (local.set $a1 (i32x4.add (local.get $a1) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=96 (local.get $x)))
        (local.set $a1 (i32x4.add (local.get $a1) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=112 (local.get $x)))
        (local.set $a1 (i32x4.add (local.get $a1) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        (local.set $v (v128.load offset=128 (local.get $x)))
        (local.set $a2 (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=144 (local.get $x)))
        (local.set $a2 (i32x4.add (local.get $a2) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=160 (local.get $x)))
        (local.set $a2 (i32x4.add (local.get $a2) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=176 (local.get $x)))
        (local.set $a2 (i32x4.add (local.get $a2) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        (local.set $v (v128.load offset=192 (local.get $x)))
        (local.set $a3 (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=208 (local.get $x)))
        (local.set $a3 (i32x4.add (local.get $a3) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=224 (local.get $x)))
        (local.set $a3 (i32x4.add (local.get $a3) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=240 (local.get $x)))
        (local.set $a3 (i32x4.add (local.get $a3) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        ;; [a0 a1 a2 a3] lanes → four row sums: interleave pairs of rows, add, then halves.
        (local.set $t
          (i32x4.add
            (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a0) (local.get $a1))
            (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a0) (local.get $a1))))
        (local.set $u
          (i32x4.add
            (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a2) (local.get $a3))
            (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a2) (local.get $a3))))
        (v128.store (local.get $out)
          (f32x4.mul
            (f32x4.mul
              (f32x4.convert_i32x4_s
                (i32x4.add
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t) (local.get $u))
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t) (local.get $u))))
              (v128.load (local.get $scales)))
            (local.get $sq)))
        (local.set $x (i32.add (local.get $x) (i32.const 256)))
        (local.set $scales (i32.add (local.get $scales) (i32.const 16)))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (br $block)))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (local.set $v (v128.load offset=0 (local.get $x)))
        (local.set $a0 (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q0))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q1))))
        (local.set $v (v128.load offset=16 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q2))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q3)))))
        (local.set $v (v128.load offset=32 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q4))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q5)))))
        (local.set $v (v128.load offset=48 (local.get $x)))
        (local.set $a0 (i32x4.add (local.get $a0) (i32x4.add
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (local.get $q6))
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (local.get $q7)))))
        (f32.store (local.get $out)
          (f32.mul
            (f32.mul
              (f32.convert_i32_s
                (i32.add
                  (i32.add (i32x4.extract_lane 0 (local.get $a0)) (i32x4.extract_lane 1 (local.get $a0)))
                  (i32.add (i32x4.extract_lane 2 (local.get $a0)) (i32x4.extract_lane 3 (local.get $a0)))))
              (f32.load (local.get $scales)))
            (local.get $scaleQ)))
        (local.set $x (i32.add (local.get $x) (i32.const 64)))
        (local.set $scales (i32.add (local.get $scales) (i32.const 4)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row)))))
