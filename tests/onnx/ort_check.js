// ort_check.js - runs ONNX Runtime (onnxruntime-node) on models gir_onnx_export wrote: reads a JSON list of cases
// [{model, inputs: [{name, type, dims, data (base64, little-endian)}]}] from the file argv[2], writes to argv[3]
// a JSON list of results [{outputs: [{name, type, dims, data}]} or {error}]. Driven by tests/onnx/ort_check.py;
// the module is looked up in the folder argv[4] (where npm installed onnxruntime-node).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(path.resolve(process.argv[4], 'node_modules', 'onnxruntime-node'));

const ARRAYS = { float32: Float32Array, float64: Float64Array, int32: Int32Array, uint8: Uint8Array,
                 bool: Uint8Array, int64: BigInt64Array };

function tensorOf(inp) {
    const buf = Buffer.from(inp.data, 'base64');
    const A = ARRAYS[inp.type];
    const copy = new Uint8Array(buf.length);
    copy.set(buf);
    return new ort.Tensor(inp.type, new A(copy.buffer, 0, buf.length / A.BYTES_PER_ELEMENT), inp.dims);
}

async function runCase(c) {
    try {
        // one thread each: a session's default pools (a thread per core) cost more to start than most cases run
        const s = await ort.InferenceSession.create(c.model, { graphOptimizationLevel: 'disabled',
                                                               intraOpNumThreads: 1, interOpNumThreads: 1 });
        const feeds = {};
        for (const inp of c.inputs) feeds[inp.name] = tensorOf(inp);
        const res = await s.run(feeds);
        const outputs = s.outputNames.map((n) => {
            const t = res[n];
            const d = t.data;
            return { name: n, type: t.type, dims: Array.from(t.dims),
                     data: Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('base64') };
        });
        await s.release();
        return { outputs };
    } catch (e) {
        return { error: String(e && e.message ? e.message : e).split('\n')[0] };
    }
}

async function main() {
    const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
    const out = [];
    for (const c of cases) out.push(await runCase(c));
    fs.writeFileSync(process.argv[3], JSON.stringify(out));
}
main();
