// onnx_digits_ort.js - runs the model examples/onnx_digits.c fine-tuned and exported in ONNX Runtime
// (onnxruntime-node) on the test images of the digits, one image at a time as onnx_digits.c tests
// them, and checks that ONNX Runtime gets gir.h's count of correct images and, within 1e-4, gir.h's
// logits of the last one (read from the .txt file onnx_digits.c wrote beside the model).
// The split is digits_data.h's: the same 64-bit LCG shuffle, the last 20% as the test set.
//   node examples/onnx_digits_ort.js <folder holding node_modules/onnxruntime-node>
//        [digits.csv [model.onnx]]            (make onnx-demo runs it; make onnx-ort installs ORT)
'use strict';
const fs = require('fs');
const path = require('path');

const [ortDir, csv = 'examples/data/digits.csv', model = 'build/digits_cnn_tuned.onnx'] =
    process.argv.slice(2);
const ort = require(path.resolve(ortDir, 'node_modules', 'onnxruntime-node'));

// the test images ([64] floats in [0, 1]) and labels, as digits_load splits them
function testSplit(file) {
    const rows = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '')
        .map((l) => l.split(',').map(Number));
    const n = rows.length, nTest = Math.floor((n + 4) / 5), perm = rows.map((_, i) => i);
    const M = (1n << 64n) - 1n;
    let state = 1n;
    for (let i = n - 1; i > 0; --i) {
        state = (state * 6364136223846793005n + 1442695040888963407n) & M;
        const j = Number((state >> 32n) % BigInt(i + 1));
        [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    return perm.slice(n - nTest).map((r) => ({
        x: Float32Array.from(rows[r].slice(0, 64), (v) => v / 16), y: rows[r][64] }));
}

// "correct N of M" and "logits_last z0 ... z9"
function readRef(file) {
    const t = fs.readFileSync(file, 'utf8');
    return { correct: Number(/correct (\d+)/.exec(t)[1]),
             last: /logits_last (.*)/.exec(t)[1].trim().split(/\s+/).map(Number) };
}

async function main() {
    const test = testSplit(csv), ref = readRef(model.replace(/\.onnx$/, '.txt'));
    const s = await ort.InferenceSession.create(model);
    let correct = 0, logits = null;
    for (const { x, y } of test) {
        const res = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', x, [1, 1, 8, 8]) });
        logits = Array.from(res[s.outputNames[0]].data);
        correct += logits.indexOf(Math.max(...logits)) === y;
    }
    const dz = Math.max(...logits.map((v, k) => Math.abs(v - ref.last[k])));
    console.log(`ONNX Runtime ${require(path.resolve(ortDir, 'node_modules', 'onnxruntime-node',
        'package.json')).version}: ${model}: test accuracy ${(100 * correct / test.length).toFixed(2)}% ` +
        `(${correct} of ${test.length}), gir.h ${(100 * ref.correct / test.length).toFixed(2)}%; ` +
        `logits of the last test image within ${dz.toExponential(1)} of gir.h's`);
    if (correct !== ref.correct || !(dz < 1e-4)) {
        console.error('error: ONNX Runtime and gir.h differ');
        process.exit(1);
    }
}
main().catch((e) => {
    console.error(`error: ${e && e.message ? e.message : e}`);
    process.exit(1);
});
