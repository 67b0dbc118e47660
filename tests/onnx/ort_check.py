#!/usr/bin/env python3
"""ort_check.py - checks the models gir_onnx_export wrote (onnx_test --roundtrip --save <dir>): each
<dir>/.../<case>/model.onnx is checked by onnx.checker.check_model(model, full_check=True) and run by ONNX Runtime
(tests/onnx/ort_check.js under node) on <case>/test_data_set_0/input_<k>.pb; ORT's outputs are compared with
gir.h's (output_<k>.pb): floats within 1e-5 relative (plus 1e-6 absolute near zero), NaN with NaN, integers and
bools exact.

    /usr/bin/python3 tests/onnx/ort_check.py <dir> <folder holding node_modules/onnxruntime-node> [-v]

Prints a line per case that fails either check, then the counts; exit status 1 when one failed."""
import base64
import glob
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import numpy_helper

ORT_TYPE = {np.float32: "float32", np.float64: "float64", np.int32: "int32", np.uint8: "uint8", np.bool_: "bool",
            np.int64: "int64"}
NP_TYPE = {"float32": np.float32, "float64": np.float64, "int32": np.int32, "uint8": np.uint8, "bool": np.bool_,
           "int64": np.int64}


def load_pb(path):
    t = onnx.TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return numpy_helper.to_array(t)


def case_request(case, model):
    """The inputs of a case for ort_check.js, converted to the model's input types."""
    inputs = []
    for k, vi in enumerate(model.graph.input):
        a = load_pb(os.path.join(case, "test_data_set_0", "input_%d.pb" % k))
        want = onnx.helper.tensor_dtype_to_np_dtype(vi.type.tensor_type.elem_type) \
            if hasattr(onnx.helper, "tensor_dtype_to_np_dtype") else onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[vi.type.tensor_type.elem_type]
        a = np.ascontiguousarray(a.astype(want))
        inputs.append({"name": vi.name, "type": ORT_TYPE[a.dtype.type], "dims": list(a.shape),
                       "data": base64.b64encode(a.astype(a.dtype.newbyteorder("<")).tobytes()).decode()})
    return {"model": os.path.abspath(os.path.join(case, "model.onnx")), "inputs": inputs}


def compare(case, res):
    """None when ORT's outputs match gir.h's, else why."""
    if "error" in res:
        return "ORT: " + res["error"]
    for k, o in enumerate(res["outputs"]):
        want = load_pb(os.path.join(case, "test_data_set_0", "output_%d.pb" % k))
        got = np.frombuffer(base64.b64decode(o["data"]), dtype=NP_TYPE[o["type"]]).reshape(o["dims"])
        if got.shape != want.shape and not (got.size == want.size == 1):
            return "output %d: shape %s, gir.h %s" % (k, got.shape, want.shape)
        got, want = got.reshape(-1), want.reshape(-1)
        if want.dtype.kind == "f":
            g, w = got.astype(np.float64), want.astype(np.float64)
            ok = (np.abs(g - w) <= 1e-5 * np.abs(w) + 1e-6) | (np.isnan(g) & np.isnan(w)) | (g == w)
        else:
            ok = got.astype(np.int64) == want.astype(np.int64)
        if not ok.all():
            j = int(np.argmin(ok))
            return "output %d element %d: ORT %r, gir.h %r (%s)" % (k, j, got[j], want[j], o["type"])
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root, ort_dir, verbose = sys.argv[1], sys.argv[2], "-v" in sys.argv
    cases = sorted(os.path.dirname(p) for p in glob.glob(os.path.join(root, "**", "model.onnx"), recursive=True))
    if not cases:
        print("onnx-export-test: no model.onnx under %s" % root)
        return 1
    checked = matched = 0
    bad_check, bad_ort = [], []
    reqs, runs = [], []
    for case in cases:
        model = onnx.load(os.path.join(case, "model.onnx"))
        try:
            onnx.checker.check_model(model, full_check=True)
            checked += 1
        except Exception as e:  # noqa: BLE001 - any checker complaint is a finding
            bad_check.append((case, str(e).strip().split("\n")[0]))
        try:
            reqs.append(case_request(case, model))
            runs.append(case)
        except Exception as e:  # noqa: BLE001
            bad_ort.append((case, "inputs: %s" % e))
    with tempfile.TemporaryDirectory() as tmp:
        req, out = os.path.join(tmp, "req.json"), os.path.join(tmp, "out.json")
        with open(req, "w") as f:
            json.dump(reqs, f)
        js = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ort_check.js")
        subprocess.run(["node", js, req, out, ort_dir], check=True)
        with open(out) as f:
            results = json.load(f)
    for case, res in zip(runs, results):
        why = compare(case, res)
        if why:
            bad_ort.append((case, why))
        else:
            matched += 1
            if verbose:
                print("match %s" % os.path.relpath(case, root))
    for case, why in bad_check:
        print("CHECKER %s: %s" % (os.path.relpath(case, root), why))
    for case, why in bad_ort:
        print("ORT %s: %s" % (os.path.relpath(case, root), why))
    print("onnx-export-test: %d models; onnx.checker (full_check): %d pass, %d fail; ONNX Runtime: %d match gir.h, "
          "%d do not" % (len(cases), checked, len(bad_check), matched, len(bad_ort)))
    return 1 if bad_check or bad_ort else 0


if __name__ == "__main__":
    sys.exit(main())
