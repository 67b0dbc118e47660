// ort_bench.js - ONNX Runtime's side of `make bench`'s ort_* lines: each line of DIR/manifest.txt
// (<line> <model file> <batch>, written by bench/onnx_models.py) is one session on 1 thread (intraOpNumThreads 1,
// interOpNumThreads 1, graphOptimizationLevel 'all', executionMode 'sequential'), fed DIR/<line>.in; its output is
// checked against PyTorch's (DIR/<line>.out), then session.run alone is timed as bench/gir_bench.c times
// gir_plan_run: a warm-up call, a repetition count calibrated to a seventh of 0.3 s, seven samples, their median.
// Prints one line per line of the manifest asked for (all when no NAME is given):
//     ort <line> <microseconds per run call> us
//
//     node ort_bench.js ORT_DIR DIR [NAME ...]      (ORT_DIR: the folder holding node_modules/onnxruntime-node)
'use strict';
const fs = require('fs');
const path = require('path');

const MIN_TIME = 0.3;

function readF32(file) {
    const buf = fs.readFileSync(file);
    const copy = new Uint8Array(buf.length);
    copy.set(buf);
    return new Float32Array(copy.buffer, 0, buf.length / 4);
}

function mismatch(got, want) {
    if (got.length !== want.length) return `${got.length} values, PyTorch ${want.length}`;
    for (let k = 0; k < got.length; ++k)
        if (!(Math.abs(got[k] - want[k]) <= 1e-4 * Math.abs(want[k]) + 1e-5))
            return `element ${k}: ${got[k]}, PyTorch ${want[k]}`;
    return null;
}

async function secondsPerRun(session, feeds) {
    const run = async (reps) => {
        const t0 = process.hrtime.bigint();
        for (let r = 0; r < reps; ++r) await session.run(feeds);
        return Number(process.hrtime.bigint() - t0) * 1e-9 / reps;
    };
    let reps = 1;
    while ((await run(reps)) * reps < MIN_TIME / 7 && reps <= (1 << 24)) reps *= 2;
    const s = [];
    for (let k = 0; k < 7; ++k) s.push(await run(reps));
    s.sort((a, b) => a - b);
    return s[3];
}

async function benchLine(ort, dir, line, model, batch) {
    const session = await ort.InferenceSession.create(path.join(dir, model), {
        intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', executionMode: 'sequential' });
    const meta = session.inputMetadata[0];
    const dims = meta.shape.map((d, k) => (k === 0 ? batch : d));
    const x = readF32(path.join(dir, line + '.in'));
    const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', x, dims) };
    const res = await session.run(feeds);
    const why = mismatch(res[session.outputNames[0]].data, readF32(path.join(dir, line + '.out')));
    if (why) throw new Error(`output differs from PyTorch's: ${why}`);
    const t = await secondsPerRun(session, feeds);
    console.log(`ort ${line} ${(1e6 * t).toFixed(3)} us`);
}

async function main() {
    const [ortDir, dir, ...names] = process.argv.slice(2);
    if (!dir) {
        console.error('usage: node ort_bench.js ORT_DIR DIR [NAME ...]');
        process.exit(2);
    }
    const ort = require(path.resolve(ortDir, 'node_modules', 'onnxruntime-node'));
    let rc = 0;
    for (const row of fs.readFileSync(path.join(dir, 'manifest.txt'), 'utf8').split('\n')) {
        const [line, model, batch] = row.trim().split(/\s+/);
        if (!line || (names.length && !names.includes(line))) continue;
        try {
            await benchLine(ort, dir, line, model, Number(batch));
        } catch (e) {
            console.error(`ort_bench.js: ${line}: ${String(e && e.message ? e.message : e).split('\n')[0]}`);
            rc = 1;
        }
    }
    process.exitCode = rc;
}
main();
